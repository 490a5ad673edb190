import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROFILE_REDIRECT_MS,
  practitionerProfileSchema,
  profileMessages,
  profileTabs,
  shortBioCounter,
  specialtyEntryOptions,
  type PractitionerProfile,
  type ProfileListField,
} from '@wellspring/domain';
import type { RouterInputs, RouterOutputs } from '@wellspring/server/router';
import { useEffect, useRef, useState, type Key } from 'react';
import { useLocation } from 'wouter';
import { apiFieldErrors } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button, LinkButton } from '../../ui/button/button.tsx';
import { TextLink } from '../../ui/link/link.tsx';
import { Card } from '../../ui/card/card.tsx';
import { Checkbox } from '../../ui/checkbox/checkbox.tsx';
import { Form } from '../../ui/form/form.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/tabs.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { ListField } from './list-field.tsx';
import { PhotoField } from './photo-field.tsx';
import * as styles from './profile-editor.css.ts';
import { PageHeader } from '../../ui/page-header/page-header.tsx';

type MyProfile = RouterOutputs['profile']['mine'];
type SaveInput = RouterInputs['profile']['save'];

/** The text fields and the checkbox, as typed (the lists and the photo are kept beside them). */
type BasicValues = {
  name: string;
  location: string;
  shortBio: string;
  about: string;
  yearsExperience: string;
  acceptsInsurance: boolean;
  npi: string;
  taxId: string;
  billingAddress: string;
};

const basicSchema = practitionerProfileSchema.pick({
  name: true,
  location: true,
  shortBio: true,
  about: true,
  yearsExperience: true,
  acceptsInsurance: true,
  npi: true,
  taxId: true,
  billingAddress: true,
});

type TabId = 'basic' | 'expertise' | 'credentials' | 'approaches';
const [basicTab, expertiseTab, credentialsTab, approachesTab] = profileTabs;

/** The tab each field is on, to open the first tab with a message when a save is refused. */
const tabOfField: Record<string, TabId> = {
  name: 'basic',
  location: 'basic',
  shortBio: 'basic',
  about: 'basic',
  yearsExperience: 'basic',
  acceptsInsurance: 'basic',
  profileImage: 'basic',
  specialties: 'expertise',
  certifications: 'credentials',
  education: 'credentials',
  npi: 'credentials',
  taxId: 'credentials',
  billingAddress: 'credentials',
  treatmentApproaches: 'approaches',
};
const tabOrder: readonly TabId[] = ['basic', 'expertise', 'credentials', 'approaches'];

type Lists = Record<ProfileListField, string[]>;

function basicValuesOf(profile: PractitionerProfile | null): BasicValues {
  if (!profile) return { name: '', location: '', shortBio: '', about: '', yearsExperience: '', acceptsInsurance: false, npi: '', taxId: '', billingAddress: '' };
  return {
    name: profile.name,
    location: profile.location,
    shortBio: profile.shortBio,
    about: profile.about,
    yearsExperience: String(profile.yearsExperience),
    acceptsInsurance: profile.acceptsInsurance,
    npi: profile.npi,
    taxId: profile.taxId,
    billingAddress: profile.billingAddress,
  };
}

/**
 * `/practitioner-profile/create` and `/practitioner-profile/edit` (docs/product.md#profile-editor): one
 * screen whichever URL was opened. "Create Profile" while the practitioner has no profile yet,
 * "Save Changes" once they have one.
 */
export function ProfileEditorPage() {
  const trpc = useTRPC();
  const mine = useQuery(trpc.profile.mine.queryOptions());
  if (mine.data) return <ProfileEditor saved={mine.data} />;
  return (
    <div className={styles.page}>
      <PageHeader title="Your Profile" />
      {mine.isError ? (
        <Card padding="lg">
          <p role="alert">We couldn&apos;t load your profile.</p>
          <Button variant="outline" onPress={() => void mine.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : (
        <div role="status" aria-label="Loading your profile" className={styles.loading}>
          <Skeleton height="2.75rem" />
          <Skeleton height="16rem" />
        </div>
      )}
    </div>
  );
}

function ProfileEditor({ saved }: { saved: MyProfile }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const isNew = saved.profile === null;
  const form = useZodForm(basicSchema, basicValuesOf(saved.profile));
  const [lists, setLists] = useState<Lists>({
    specialties: [...(saved.profile?.specialties ?? [])],
    certifications: [...(saved.profile?.certifications ?? [])],
    education: [...(saved.profile?.education ?? [])],
    treatmentApproaches: [...(saved.profile?.treatmentApproaches ?? [])],
  });
  const [photoUrl, setPhotoUrl] = useState<string | null>(saved.profile?.profileImage ?? null);
  const [otherErrors, setOtherErrors] = useState<Partial<Record<ProfileListField | 'profileImage', string>>>({});
  const [tab, setTab] = useState<TabId>('basic');
  const [done, setDone] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  const save = useMutation(trpc.profile.save.mutationOptions());
  const busy = save.isPending || done;

  const openFirstTabWith = (fields: readonly string[]) => {
    const tabs = new Set(fields.map((field) => tabOfField[field]).filter((id): id is TabId => id !== undefined));
    const first = tabOrder.find((id) => tabs.has(id));
    if (first) setTab(first);
  };

  const setList = (field: ProfileListField) => (entries: string[]) => {
    setLists((current) => ({ ...current, [field]: entries }));
    setOtherErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const submit = async () => {
    if (busy) return;
    const basic = await form.validate();
    if (!basic) {
      const parsed = basicSchema.safeParse(form.values);
      openFirstTabWith(parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0])));
      return;
    }
    const input: SaveInput = { ...form.values, ...lists, profileImage: photoUrl };
    save.mutate(input, {
      onSuccess: async (result) => {
        setDone(true);
        notify.success(result.created ? profileMessages.created : profileMessages.updated);
        redirect.current = setTimeout(() => {
          navigate('/dashboard');
          // The dashboard opens at its top, not where the Save button was.
          window.scrollTo?.({ top: 0 });
        }, PROFILE_REDIRECT_MS);
        await Promise.all([
          queryClient.invalidateQueries(trpc.profile.pathFilter()),
          queryClient.invalidateQueries(trpc.dashboard.pathFilter()),
          queryClient.invalidateQueries(trpc.directory.pathFilter()),
          queryClient.invalidateQueries(trpc.practitioners.pathFilter()),
          queryClient.invalidateQueries(trpc.quiz.pathFilter()),
        ]);
      },
      onError: (error) => {
        // Everything typed stays, on every tab; the messages show where they belong.
        const fieldErrors = apiFieldErrors(error);
        form.showServerErrors(fieldErrors);
        setOtherErrors({
          specialties: fieldErrors.specialties,
          certifications: fieldErrors.certifications,
          education: fieldErrors.education,
          treatmentApproaches: fieldErrors.treatmentApproaches,
          profileImage: fieldErrors.profileImage,
        });
        openFirstTabWith(Object.keys(fieldErrors));
        // A refused field (an unknown place) is the visitor's to fix: the toast says what, not "try again later".
        const firstMessage = Object.values(fieldErrors).flat()[0];
        notify.error(firstMessage ? { title: 'Please check your profile', description: firstMessage } : profileMessages.saveFailed);
      },
    });
  };

  const shortBio = form.textField('shortBio');

  return (
    <div className={styles.page}>
      <PageHeader
        title={isNew ? 'Create Your Profile' : 'Edit Your Profile'}
        description={isNew ? 'Your profile is your listing in the directory: patients find you by it.' : 'Changes show in the directory as soon as you save them.'}
        actions={saved.practitionerId ? <TextLink href={`/practitioners/${saved.practitionerId}`}>View public profile</TextLink> : null}
      />
      <Card padding="lg">
        <Form
          aria-label={isNew ? 'Create Profile' : 'Edit Profile'}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Tabs selectedKey={tab} onSelectionChange={(key: Key) => setTab(String(key) as TabId)}>
            <TabList aria-label="Profile sections" pairsOnPhones>
              <Tab id="basic">{basicTab}</Tab>
              <Tab id="expertise">{expertiseTab}</Tab>
              <Tab id="credentials">{credentialsTab}</Tab>
              <Tab id="approaches">{approachesTab}</Tab>
            </TabList>

            <TabPanel id="basic" className={styles.panel}>
              <PhotoField
                name={form.values.name}
                photoUrl={photoUrl}
                onChange={(url) => {
                  setPhotoUrl(url);
                  setOtherErrors((current) => ({ ...current, profileImage: undefined }));
                }}
                errorMessage={otherErrors.profileImage}
                isDisabled={busy}
              />
              <div className={styles.pair}>
                <TextField label="Full Name" autoComplete="name" placeholder="Dr. Jane Smith" {...form.textField('name')} isDisabled={busy} />
                <TextField
                  label="Location"
                  placeholder="Portland, OR"
                  description="A US city and state, or a ZIP code"
                  {...form.textField('location')}
                  isDisabled={busy}
                />
              </div>
              <TextField label="Short Bio" rows={2} placeholder="One or two sentences patients see in search results" {...shortBio} description={shortBioCounter(shortBio.value)} isDisabled={busy} />
              <TextField label="About" rows={6} placeholder="Your background, how you work and whom you help" {...form.textField('about')} isDisabled={busy} />
              <div className={styles.pair}>
                <TextField label="Years of Experience" inputMode="numeric" autoComplete="off" {...form.textField('yearsExperience')} isDisabled={busy} />
              </div>
              <div ref={form.fieldRef('acceptsInsurance')}>
                <Checkbox
                  isSelected={form.values.acceptsInsurance}
                  onChange={(selected) => form.setValue('acceptsInsurance', selected)}
                  errorMessage={form.errors.acceptsInsurance}
                  isDisabled={busy}
                >
                  I accept insurance
                </Checkbox>
              </div>
            </TabPanel>

            <TabPanel id="expertise" className={styles.panel}>
              <ListField
                field="specialties"
                label="Specialties"
                entryName="specialty"
                entries={lists.specialties}
                onChange={setList('specialties')}
                placeholder="e.g. Naturopathy"
                description={`One of: ${specialtyEntryOptions.join(', ')}`}
                errorMessage={otherErrors.specialties}
                isDisabled={busy}
              />
            </TabPanel>

            <TabPanel id="credentials" className={styles.panel}>
              <ListField
                field="certifications"
                label="Certifications"
                entryName="certification"
                entries={lists.certifications}
                onChange={setList('certifications')}
                placeholder="e.g. NCCAOM Diplomate"
                errorMessage={otherErrors.certifications}
                isDisabled={busy}
              />
              <ListField
                field="education"
                label="Education"
                entryName="education"
                entries={lists.education}
                onChange={setList('education')}
                placeholder="e.g. ND, Bastyr University"
                errorMessage={otherErrors.education}
                isDisabled={busy}
              />
              <fieldset className={styles.group} aria-describedby="billing-details-note">
                <legend className={styles.legend}>Billing details</legend>
                <p id="billing-details-note" className={styles.muted}>
                  Printed on your superbills. Never shown on your public profile.
                </p>
                <div className={styles.pair}>
                  <TextField label="NPI" inputMode="numeric" autoComplete="off" placeholder="10 digits" {...form.textField('npi')} isDisabled={busy} />
                  <TextField label="Tax ID (EIN)" autoComplete="off" placeholder="12-3456789" {...form.textField('taxId')} isDisabled={busy} />
                </div>
                <TextField label="Practice address" rows={2} autoComplete="street-address" placeholder="Street, city, state and ZIP code" {...form.textField('billingAddress')} isDisabled={busy} />
              </fieldset>
            </TabPanel>

            <TabPanel id="approaches" className={styles.panel}>
              <ListField
                field="treatmentApproaches"
                label="Treatment Approaches"
                entryName="treatment approach"
                entries={lists.treatmentApproaches}
                onChange={setList('treatmentApproaches')}
                placeholder="e.g. Botanical medicine"
                errorMessage={otherErrors.treatmentApproaches}
                isDisabled={busy}
              />
            </TabPanel>
          </Tabs>

          <div className={styles.actions}>
            <LinkButton href="/dashboard" variant="outline">
              Cancel
            </LinkButton>
            <Button type="submit" isDisabled={busy}>
              {isNew ? 'Create Profile' : 'Save Changes'}
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
