import { useQuery } from '@tanstack/react-query';
import { notFoundPage, practitionerMessages, profilePageTitle, PROFILE_LOADING_MS, specialtyLabels } from '@wellspring/domain';
import { useLocation, useParams } from 'wouter';
import { ApiProvider } from '../../lib/api.tsx';
import { apiErrorCode } from '../../lib/api-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useElapsed } from '../../lib/use-elapsed.ts';
import { Button, LinkButton } from '../../ui/button/button.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { ArrowLeftIcon, InfoIcon, RefreshIcon, SearchIcon } from '../../ui/icons/icons.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { ProfileSidebar } from './profile-sidebar.tsx';
import { ProfileTabs } from './profile-tabs.tsx';
import * as styles from './profile.css.ts';

const SEARCH_HREF = '/search';

/**
 * Answers that mean "no such practitioner": an unknown id, and an id the input schema refuses
 * (blank, over 100 characters), which can never name one. Neither is worth a retry.
 */
const isNotFound = (error: unknown): boolean => {
  const code = apiErrorCode(error);
  return code === 'NOT_FOUND' || code === 'BAD_REQUEST';
};

/** `/practitioners/:id`: a practitioner's profile from the directory (docs/product.md#profile). */
export function PractitionerProfilePage() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <ApiProvider>
      {/* Keyed by id: another profile starts with its own loading time. */}
      <PractitionerProfile key={id} id={id} />
    </ApiProvider>
  );
}

function PractitionerProfile({ id }: { id: string }) {
  const trpc = useTRPC();
  const profile = useQuery(
    trpc.practitioners.byId.queryOptions(
      { id },
      { retry: (failures, error) => !isNotFound(error) && failures < 1 },
    ),
  );
  // The skeleton shows for at least 500 ms, even when the data is faster (docs/product.md#profile).
  const loadingTimeOver = useElapsed(PROFILE_LOADING_MS);
  useDocumentTitle(
    profile.data
      ? profilePageTitle({ name: profile.data.name, location: profile.data.location, specialtyLabels: profile.data.specialties.map((specialty) => specialtyLabels[specialty]) })
      : profile.isError && isNotFound(profile.error)
        ? notFoundPage.title
        : null,
  );

  return (
    <div className={styles.page}>
      <BackButton />
      {!loadingTimeOver || profile.isPending ? (
        <ProfileSkeleton />
      ) : profile.isError ? (
        isNotFound(profile.error) ? (
          <NotFound />
        ) : (
          <EmptyState
            level={1}
            icon={<InfoIcon size={24} />}
            title="We couldn't load this profile"
            description="Please check your connection and try again."
            action={
              <Button onPress={() => void profile.refetch()}>
                <RefreshIcon size={18} />
                Try again
              </Button>
            }
          />
        )
      ) : (
        <div className={styles.layout}>
          <div className={styles.main}>
            <ProfileHeader practitioner={profile.data} />
            <ProfileTabs practitioner={profile.data} />
          </div>
          <ProfileSidebar practitioner={profile.data} />
        </div>
      )}
    </div>
  );
}

/** Back to the previous page; opened directly (no history in this tab), to the directory. */
function BackButton() {
  const [, navigate] = useLocation();
  return (
    <Button
      variant="ghost"
      size="sm"
      className={styles.back}
      onPress={() => {
        if (window.history.length > 1) window.history.back();
        else navigate(SEARCH_HREF);
      }}
    >
      <ArrowLeftIcon size={18} />
      Back
    </Button>
  );
}

function NotFound() {
  return (
    <EmptyState
      level={1}
      icon={<SearchIcon size={24} />}
      title={practitionerMessages.notFound.title}
      description={practitionerMessages.notFound.description}
      action={<LinkButton href={SEARCH_HREF}>Browse All Practitioners</LinkButton>}
    />
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading practitioner profile" className={styles.layout}>
      <div className={styles.main}>
        <div className={styles.skeletonHead}>
          <Skeleton width="6rem" height="6rem" radius="999px" />
          <div className={styles.skeletonLines}>
            <Skeleton height="2rem" width="60%" />
            <Skeleton height="1rem" width="40%" />
            <Skeleton height="1rem" width="50%" />
          </div>
        </div>
        <Skeleton height="2.5rem" />
        <Skeleton height="12rem" />
      </div>
      <div className={styles.sidebar}>
        <Skeleton height="16rem" radius="16px" />
      </div>
    </div>
  );
}
