import {
  countOf,
  experienceBracketLabels,
  experienceBrackets,
  PREVIEW_RADIUS_MILES,
  siteMessages,
  specialties,
  specialtyLabels,
} from '@wellspring/domain';
import { previewPractitioners, type PreviewPractitioner } from '@wellspring/domain/samples';
import { Avatar } from '../../ui/avatar/avatar.tsx';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { Checkbox, CheckboxGroup } from '../../ui/checkbox/checkbox.tsx';
import { ClockIcon, InfoIcon, MapPinIcon, StarIcon, UsersIcon } from '../../ui/icons/icons.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './landing.css.ts';

const RADIUS_VALUE = `within-${PREVIEW_RADIUS_MILES}-miles`;

/**
 * The preview directory of docs/product.md#landing: a disabled sample filter and search, four sample cards and the
 * demonstration disclaimer. The real directory comes with the search screen.
 */
export function DirectoryPreview({ onJoinWaitlist }: { onJoinWaitlist: () => void }) {
  return (
    <section className={styles.sectionTinted} aria-labelledby="directory-title">
      <div className={styles.container}>
        <div className={styles.sectionHeader}>
          <p className={styles.eyebrow}>Sneak peek</p>
          <h2 id="directory-title" className={styles.sectionTitle}>
            Preview the Practitioner Directory
          </h2>
          <p className={styles.lead}>A look at how you will find the right practitioner once Wellspring opens.</p>
        </div>

        <div className={styles.directoryLayout}>
          <Card as="aside" className={styles.filterPanel} aria-labelledby="directory-filter-title">
            <h3 id="directory-filter-title" className={styles.filterTitle}>
              Filter Practitioners
            </h3>
            <CheckboxGroup label="Specialties" isDisabled compact>
              {specialties.map((specialty) => (
                <Checkbox key={specialty} value={specialty}>
                  {specialtyLabels[specialty]}
                </Checkbox>
              ))}
            </CheckboxGroup>
            <CheckboxGroup label="Location" isDisabled defaultValue={[RADIUS_VALUE]}>
              <Checkbox value={RADIUS_VALUE}>Within {PREVIEW_RADIUS_MILES} miles</Checkbox>
            </CheckboxGroup>
            <CheckboxGroup label="Experience" isDisabled compact>
              {experienceBrackets.map((bracket) => (
                <Checkbox key={bracket} value={bracket}>
                  {experienceBracketLabels[bracket]}
                </Checkbox>
              ))}
            </CheckboxGroup>
          </Card>

          <div className={styles.results}>
            <div className={styles.searchBar}>
              <TextField label="Name or specialty" placeholder="Search by name or specialty" isDisabled />
              <TextField label="City or ZIP code" placeholder="Location" isDisabled />
            </div>
            <p className={styles.note}>
              <InfoIcon size={18} />
              Search and filtering are sample functionality — coming soon.
            </p>
            <ul className={styles.practitionerGrid} aria-label="Sample practitioners">
              {previewPractitioners.map((practitioner) => (
                <PractitionerPreviewCard key={practitioner.name} practitioner={practitioner} />
              ))}
            </ul>
            <p className={styles.disclaimer}>
              <InfoIcon size={18} />
              {siteMessages.directoryDisclaimer} Practitioners shown are samples.
            </p>
          </div>
        </div>

        <div className={styles.directoryCta}>
          <p className={styles.lead}>Want to be listed, or to book when we open?</p>
          <Button size="lg" onPress={onJoinWaitlist}>
            {siteMessages.joinWaitlist}
          </Button>
        </div>
      </div>
    </section>
  );
}

function PractitionerPreviewCard({ practitioner }: { practitioner: PreviewPractitioner }) {
  const { name, image, location, rating, reviewCount, specialties: areas, experience, patientCount, bio } = practitioner;
  return (
    <Card as="li" tone="raised">
      <div className={styles.practitionerHead}>
        <Avatar name={name} src={image} size="lg" />
        <div>
          <h3 className={styles.practitionerName}>{name}</h3>
          <p className={styles.location}>
            <MapPinIcon size={16} />
            {location}
          </p>
        </div>
      </div>
      <p className={styles.rating}>
        <StarIcon size={16} className={styles.star} />
        {rating.toFixed(1)}
        <span className={styles.reviewCount}>({countOf(reviewCount, 'review')})</span>
      </p>
      <ul className={styles.badges} aria-label="Specialties">
        {areas.map((area) => (
          <li key={area}>
            <Badge>{area}</Badge>
          </li>
        ))}
      </ul>
      <div className={styles.meta}>
        <span className={styles.metaItem}>
          <ClockIcon size={16} />
          {experience} experience
        </span>
        <span className={styles.metaItem}>
          <UsersIcon size={16} />
          {patientCount}
        </span>
      </div>
      <p className={styles.bio}>{bio}</p>
    </Card>
  );
}
