import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { communityMessages, connectionButtons, specialties, specialtyLabels, type MemberSpecialtyFilter } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useDeferredValue, useState } from 'react';
import { apiErrorMessage } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Avatar } from '../../ui/avatar/avatar.tsx';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { AwardIcon, CheckIcon, ClockIcon, MapPinIcon, MessageIcon, SearchIcon } from '../../ui/icons/icons.tsx';
import { TextLink } from '../../ui/link/link.tsx';
import { Select } from '../../ui/select/select.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { LoadFailed, comingSoon } from './community-shared.tsx';
import * as styles from './community.css.ts';

type Member = RouterOutputs['community']['members']['members'][number];
type ReceivedRequest = RouterOutputs['community']['connectionRequests'][number];

const specialtyItems = [{ id: 'all', label: 'All specialties' }, ...specialties.map((specialty) => ({ id: specialty, label: specialtyLabels[specialty] }))];
const isSpecialtyFilter = (key: unknown): key is MemberSpecialtyFilter => specialtyItems.some((item) => item.id === key);

/** One place for the connection mutations: each refreshes the member cards and the received requests. */
function useConnections() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries(trpc.community.members.queryFilter()), queryClient.invalidateQueries(trpc.community.connectionRequests.queryFilter())]);
  const failed = (error: Parameters<typeof apiErrorMessage>[0]) => notify.error({ title: 'Could not update the connection', description: apiErrorMessage(error) ?? 'Please try again.' });
  const afterwards = (toast: () => void) => async () => {
    toast();
    await refresh();
  };
  const request = useMutation(trpc.community.requestConnection.mutationOptions({ onSuccess: afterwards(() => notify.success(communityMessages.connectionSent)), onError: failed }));
  const accept = useMutation(
    trpc.community.acceptConnection.mutationOptions({ onSuccess: afterwards(() => notify.success({ title: communityMessages.connectionAccepted })), onError: failed }),
  );
  const decline = useMutation(
    trpc.community.declineConnection.mutationOptions({ onSuccess: afterwards(() => notify.info({ title: communityMessages.connectionDeclined })), onError: failed }),
  );
  return { request, accept, decline };
}

/** docs/product.md#members: requests to answer, the featured member, search with the specialty filter, member cards with their stored connection. */
export function MembersTab() {
  const trpc = useTRPC();
  const [query, setQuery] = useState('');
  const [specialty, setSpecialty] = useState<MemberSpecialtyFilter>('all');
  const deferredQuery = useDeferredValue(query);
  const members = useQuery({ ...trpc.community.members.queryOptions({ query: deferredQuery, specialty }), placeholderData: keepPreviousData });
  const requests = useQuery(trpc.community.connectionRequests.queryOptions());
  const connections = useConnections();
  const connect = (member: Member) => connections.request.mutate({ memberId: member.id });
  const connecting = (member: Member) => connections.request.isPending && connections.request.variables.memberId === member.id;

  return (
    <div className={styles.stack}>
      {requests.data && requests.data.length > 0 ? <ReceivedRequests requests={requests.data} connections={connections} /> : null}
      {members.data?.featured ? <FeaturedMember member={members.data.featured} connecting={connecting(members.data.featured)} onConnect={connect} /> : null}
      <section className={styles.stack} aria-labelledby="members-title">
        <h2 id="members-title" className={styles.sideTitle}>
          Community Members
        </h2>
        <div className={styles.filters}>
          <TextField label="Search members" value={query} onChange={setQuery} placeholder="Name, role, location or specialty…" className={styles.grow} />
          <Select label="Specialty" items={specialtyItems} selectedKey={specialty} onSelectionChange={(key) => setSpecialty(isSpecialtyFilter(key) ? key : 'all')} className={styles.filter} />
        </div>
        {members.isPending ? (
          <Skeleton height="16rem" />
        ) : members.isError ? (
          <LoadFailed onRetry={() => void members.refetch()} />
        ) : members.data.members.length === 0 ? (
          <EmptyState icon={<SearchIcon />} title={communityMessages.noMembers} description="Try another search or specialty." />
        ) : (
          <>
            <ul className={styles.grid} aria-label="Members">
              {members.data.members.map((member) => (
                <MemberCard key={member.id} member={member} connecting={connecting(member)} onConnect={connect} />
              ))}
            </ul>
            {members.data.more ? <p className={styles.muted}>Showing the first {members.data.members.length} members. Search by name, place or specialty to find others.</p> : null}
          </>
        )}
      </section>
    </div>
  );
}

function ReceivedRequests({ requests, connections }: { requests: ReceivedRequest[]; connections: ReturnType<typeof useConnections> }) {
  const answering = (id: string) =>
    (connections.accept.isPending && connections.accept.variables.memberId === id) || (connections.decline.isPending && connections.decline.variables.memberId === id);
  return (
    <Card as="section" tone="tinted" aria-labelledby="connection-requests">
      <h2 id="connection-requests" className={styles.sideTitle}>
        Connection Requests
      </h2>
      <ul className={styles.list} aria-label="Connection requests">
        {requests.map(({ member }) => (
          <li key={member.id} className={styles.requestRow} aria-labelledby={`request-${member.id}`}>
            <Avatar name={member.name} src={member.avatarImage} />
            <div className={styles.grow}>
              <p id={`request-${member.id}`} className={styles.memberName}>
                {member.name}
              </p>
              <p className={styles.meta}>{[member.role, member.location].filter(Boolean).join(' · ')}</p>
            </div>
            <div className={styles.actions} style={{ marginTop: 0 }}>
              <Button size="sm" isDisabled={answering(member.id)} onPress={() => connections.accept.mutate({ memberId: member.id })} aria-label={`Accept ${member.name}`}>
                Accept
              </Button>
              <Button variant="outline" size="sm" isDisabled={answering(member.id)} onPress={() => connections.decline.mutate({ memberId: member.id })} aria-label={`Decline ${member.name}`}>
                Decline
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function FeaturedMember({ member, connecting, onConnect }: { member: Member; connecting: boolean; onConnect: (member: Member) => void }) {
  return (
    <Card as="section" tone="tinted" aria-labelledby="featured-member">
      <h2 id="featured-member" className={styles.sideTitle}>
        Featured Member
      </h2>
      <div className={styles.cardHead}>
        <Avatar name={member.name} src={member.avatarImage} size="lg" />
        <div className={styles.stack} style={{ gap: '0.25rem' }}>
          <p className={styles.memberName}>{member.name}</p>
          <p className={styles.meta}>
            {member.role} · {member.location}
          </p>
          {member.achievement ? (
            <p className={styles.achievement}>
              <AwardIcon size={16} aria-hidden="true" className={styles.achievementIcon} /> <span>{member.achievement}</span>
            </p>
          ) : null}
        </div>
      </div>
      <p className={styles.preview}>{member.bio}</p>
      <MemberActions member={member} connecting={connecting} onConnect={onConnect} />
    </Card>
  );
}

function MemberCard({ member, connecting, onConnect }: { member: Member; connecting: boolean; onConnect: (member: Member) => void }) {
  return (
    <Card as="li" className={styles.eventCard} aria-labelledby={`member-${member.id}`}>
      <div className={styles.cardHead}>
        <Avatar name={member.name} src={member.avatarImage} />
        <div className={styles.stack} style={{ gap: '0.25rem' }}>
          <h3 id={`member-${member.id}`} className={styles.cardTitle}>
            {member.profileId ? <TextLink href={`/practitioners/${encodeURIComponent(member.profileId)}`}>{member.name}</TextLink> : member.name}
          </h3>
          <p className={styles.muted}>{member.role}</p>
        </div>
      </div>
      <ul className={styles.details}>
        <li className={styles.metaItem}>
          <MapPinIcon size={16} aria-hidden="true" /> {member.location}
        </li>
        <li className={styles.metaItem}>
          <ClockIcon size={16} aria-hidden="true" /> Member since {member.memberSince}
        </li>
      </ul>
      {member.specialties.length > 0 ? (
        <div className={styles.meta}>
          {member.specialties.map((specialty) => (
            <Badge key={specialty} tone="outline">
              {specialtyLabels[specialty]}
            </Badge>
          ))}
        </div>
      ) : null}
      {member.bio ? <p className={styles.preview}>{member.bio}</p> : null}
      <MemberActions member={member} connecting={connecting} onConnect={onConnect} className={styles.push} />
    </Card>
  );
}

/** The connection button by the stored status (docs/product.md#members): Connect, or Pending / Connected disabled; Message is coming soon. */
function MemberActions({ member, connecting, onConnect, className }: { member: Member; connecting: boolean; onConnect: (member: Member) => void; className?: string }) {
  const button = connectionButtons[member.connectionStatus];
  return (
    <div className={[styles.actions, className].filter(Boolean).join(' ')}>
      {member.connectionStatus === 'connect' ? (
        <Button size="sm" isPending={connecting} onPress={() => onConnect(member)} aria-label={`${button.label} with ${member.name}`}>
          {button.label}
        </Button>
      ) : (
        <Button variant="secondary" size="sm" isDisabled={button.disabled} aria-label={`${button.label}: ${member.name}`}>
          {member.connectionStatus === 'connected' ? <CheckIcon size={16} aria-hidden="true" /> : <ClockIcon size={16} aria-hidden="true" />} {button.label}
        </Button>
      )}
      <Button variant="outline" size="sm" onPress={comingSoon} aria-label={`Message ${member.name}`}>
        <MessageIcon size={16} aria-hidden="true" /> Message
      </Button>
    </div>
  );
}
