import { countOf, practitionerMessages, specialtyLabels, type DirectoryProfile } from '@wellspring/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BookButton } from '../../lib/booking/book-button.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Avatar } from '../../ui/avatar/avatar.tsx';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button } from '../../ui/button/button.tsx';
import { ClockIcon, HeartIcon, LinkIcon, MapPinIcon, MessageIcon } from '../../ui/icons/icons.tsx';
import { formatRating, RatingStars } from '../../ui/rating/rating.tsx';
import { ToggleButton } from '../../ui/toggle-button/toggle-button.tsx';
import * as styles from './profile.css.ts';
import { useFavorites } from './use-favorites.ts';

// The contact form (react-aria's dialog, form fields and the domain's schema) is most of a profile's
// code: it loads when Contact is first pointed at, focused or pressed, not before the profile paints.
const loadContactDialog = () => import('./contact-dialog.tsx').then((m) => ({ default: m.ContactDialog }));
const ContactDialog = lazy(loadContactDialog);

export function ProfileHeader({ practitioner }: { practitioner: DirectoryProfile }) {
  return (
    <header className={styles.header}>
      <Avatar name={practitioner.name} src={practitioner.profileImage} size="lg" className={styles.avatar} />
      <div className={styles.identity}>
        <h1 className={styles.name}>{practitioner.name}</h1>
        <ul className={styles.badges} aria-label="Specialties">
          {practitioner.specialties.map((specialty) => (
            <li key={specialty}>
              <Badge>{specialtyLabels[specialty]}</Badge>
            </li>
          ))}
        </ul>
        <div className={styles.facts}>
          <span className={styles.fact}>
            <MapPinIcon size={16} />
            {practitioner.location}
          </span>
          <span className={styles.fact}>
            <ClockIcon size={16} />
            {countOf(practitioner.yearsExperience, 'year')} experience
          </span>
        </div>
        <p className={styles.rating}>
          <RatingStars rating={practitioner.rating} size={18} />
          <span>
            <strong>{formatRating(practitioner.rating)}</strong> ({countOf(practitioner.reviewCount, 'review')})
          </span>
        </p>
      </div>
      <ProfileActions practitioner={practitioner} />
    </header>
  );
}

function ProfileActions({ practitioner }: { practitioner: DirectoryProfile }) {
  const favorites = useFavorites();
  const favorite = favorites.isFavorite(practitioner.id);
  const [contacting, setContacting] = useState(false);
  // "Book" only where the practice takes online bookings (issue 24); nothing shows otherwise.
  const trpc = useTRPC();
  const offer = useQuery({ ...trpc.booking.offer.queryOptions({ practitionerId: practitioner.id }), retry: false });

  const toggleFavorite = (next: boolean) => {
    favorites.setFavorite(practitioner.id, next).then(
      (isFavorite) => notify.success({ title: isFavorite ? practitionerMessages.favoriteAdded : practitionerMessages.favoriteRemoved }),
      () => notify.error({ title: 'Could not update favorites', description: 'Please try again.' }),
    );
  };

  const copyLink = async () => {
    if (await copyText(window.location.href)) notify.success({ title: practitionerMessages.linkCopied });
    else notify.error({ title: 'Could not copy the link', description: window.location.href });
  };

  return (
    <div className={styles.actions}>
      <ToggleButton
        aria-label="Favorite"
        isSelected={favorite}
        isDisabled={favorites.isLoading || favorites.isUpdating}
        onChange={toggleFavorite}
        className={styles.iconToggle}
      >
        <HeartIcon size={20} fill={favorite ? 'currentColor' : 'none'} />
      </ToggleButton>
      <Button variant="outline" size="icon" aria-label="Copy link" onPress={() => void copyLink()}>
        <LinkIcon size={20} />
      </Button>
      <Button
        variant={offer.data?.enabled ? 'outline' : 'primary'}
        onHoverStart={() => void loadContactDialog()}
        onFocus={() => void loadContactDialog()}
        onPress={() => setContacting(true)}
      >
        <MessageIcon size={18} />
        Contact
      </Button>
      {offer.data?.enabled ? <BookButton practitioner={practitioner} /> : null}
      {contacting ? (
        <Suspense fallback={null}>
          <ContactDialog practitioner={practitioner} onClose={() => setContacting(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
