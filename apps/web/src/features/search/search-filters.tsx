import {
  directoryRadiusOptionsMiles,
  experienceBracketLabels,
  experienceBrackets,
  DEFAULT_RADIUS_MILES,
  isOneOf,
  specialties,
  specialtyLabels,
  type DirectorySortOrder,
} from '@wellspring/domain';
import { Checkbox, CheckboxGroup } from '../../ui/checkbox/checkbox.tsx';
import { Select } from '../../ui/select/select.tsx';
import type { SearchFilters } from './search-params.ts';

const ANY = 'any';
const experienceItems = [{ id: ANY, label: 'Any experience' }, ...experienceBrackets.map((bracket) => ({ id: bracket, label: experienceBracketLabels[bracket] }))];
const distanceItems = directoryRadiusOptionsMiles.map((miles) => ({ id: String(miles), label: `Within ${miles} miles` }));
const sortLabels: Record<DirectorySortOrder, string> = {
  relevance: 'Best match',
  distance: 'Nearest first',
  rating: 'Highest rated',
  experience: 'Most experienced',
};
const sortItems = (Object.keys(sortLabels) as DirectorySortOrder[]).map((order) => ({ id: order, label: sortLabels[order] }));

export interface SearchFilterControlsProps {
  readonly filters: SearchFilters;
  readonly hasLocation: boolean;
  readonly update: (changes: Partial<SearchFilters>) => void;
}

/**
 * The directory's filters: specialties, experience, distance and order. Their react-aria parts
 * (checkbox group, three selects with their popovers) are a large share of `/search`'s code, so the
 * page loads this module only where the filters show: on a wide screen, or once a phone unfolds them.
 */
export function SearchFilterControls({ filters, hasLocation, update }: SearchFilterControlsProps) {
  return (
    <>
      <CheckboxGroup
        label="Specialties"
        compact
        value={[...filters.specialties]}
        onChange={(values) => update({ specialties: specialties.filter((specialty) => values.includes(specialty)) })}
      >
        {specialties.map((specialty) => (
          <Checkbox key={specialty} value={specialty}>
            {specialtyLabels[specialty]}
          </Checkbox>
        ))}
      </CheckboxGroup>
      <Select
        label="Experience"
        items={experienceItems}
        selectedKey={filters.experience ?? ANY}
        onSelectionChange={(key) => update({ experience: isOneOf(experienceBrackets, key) ? key : null })}
      />
      <Select
        label="Distance"
        items={distanceItems}
        isDisabled={!hasLocation}
        description={hasLocation ? undefined : 'Enter a location to search by distance.'}
        selectedKey={String(filters.distance ?? DEFAULT_RADIUS_MILES)}
        onSelectionChange={(key) => update({ distance: Number(key) })}
      />
      <Select
        label="Sort by"
        items={sortItems}
        disabledKeys={hasLocation ? [] : ['distance']}
        selectedKey={filters.sort ?? (hasLocation ? 'distance' : 'relevance')}
        onSelectionChange={(key) => update({ sort: (Object.keys(sortLabels) as string[]).includes(String(key)) ? (key as DirectorySortOrder) : null })}
      />
    </>
  );
}
