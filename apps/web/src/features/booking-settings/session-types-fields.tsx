import {
  appointmentModeLabels,
  appointmentModes,
  bookingApprovalLabels,
  bookingApprovals,
  formatMoney,
  parseAmountToMinor,
  priceCurrencies,
  SESSION_DESCRIPTION_MAX_LENGTH,
  SESSION_TYPES_MAX,
  type AppointmentMode,
  type BookingApproval,
  type PriceCurrency,
} from '@wellspring/domain';
import { useId } from 'react';
import { Button } from '../../ui/button/button.tsx';
import { Checkbox } from '../../ui/checkbox/checkbox.tsx';
import { CloseIcon } from '../../ui/icons/icons.tsx';
import { NumberField } from '../../ui/number-field/number-field.tsx';
import { Select } from '../../ui/select/select.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { newSessionType, removeAt, type SessionTypeDraft } from './booking-settings-form.ts';
import { GroupMessage, Place } from './field-place.tsx';
import type { BookingSettingsForm } from './use-booking-settings-form.ts';
import * as styles from './booking-settings.css.ts';

const modeItems = appointmentModes.map((mode) => ({ id: mode, label: appointmentModeLabels[mode] }));
const approvalItems = bookingApprovals.map((approval) => ({ id: approval, label: bookingApprovalLabels[approval] }));
const currencyItems = priceCurrencies.map((code) => ({ id: code, label: code }));

/** How patients will read the price as typed, in the practice's currency ("Shown as $85.50"). */
function priceDescription(price: string, currency: PriceCurrency): string {
  const parsed = parseAmountToMinor(price);
  return parsed.ok ? `Shown as ${formatMoney(parsed.minor, currency)}; 0 for free.` : `In ${currency}; 0 for free.`;
}

/**
 * What patients can book: each session type's name, length, price, where it happens, who may book
 * it and whether the practitioner confirms each booking. In the order the public profile lists them.
 */
export function SessionTypesFields({ form }: { readonly form: BookingSettingsForm }) {
  const messageId = useId();
  const types = form.draft.sessionTypes;
  const listMessage = form.errorAt('sessionTypes');
  return (
    <>
      <Place path="currency" className={styles.currency}>
        <Select
          label="Currency"
          description="Prices of every session type are in this currency."
          items={currencyItems}
          selectedKey={form.draft.currency}
          onSelectionChange={(key) => {
            if (key !== null) form.edit('currency', (draft) => ({ ...draft, currency: String(key) as PriceCurrency }));
          }}
          errorMessage={form.errorAt('currency')}
        />
      </Place>
      <ul className={styles.list}>
        {types.map((type, index) => (
          <li key={type.key}>
            <SessionTypeFields form={form} type={type} index={index} />
          </li>
        ))}
      </ul>
      <GroupMessage id={messageId} message={listMessage} />
      <Place path="sessionTypes" className={styles.rowActions}>
        <Button
          variant="outline"
          aria-describedby={listMessage ? messageId : undefined}
          isDisabled={types.length >= SESSION_TYPES_MAX}
          onPress={() =>
            form.add('sessionTypes', (draft) => ({ ...draft, sessionTypes: [...draft.sessionTypes, newSessionType(draft.sessionTypes.map((each) => each.id))] }))
          }
        >
          Add session type
        </Button>
      </Place>
    </>
  );
}

function SessionTypeFields({ form, type, index }: { readonly form: BookingSettingsForm; readonly type: SessionTypeDraft; readonly index: number }) {
  const titleId = useId();
  const at = `sessionTypes.${index}`;
  const title = type.name.trim() || `Session type ${index + 1}`;
  const set = <Field extends keyof SessionTypeDraft>(field: Field, path: string, value: SessionTypeDraft[Field]) =>
    form.edit(`${at}.${path}`, (draft) => ({
      ...draft,
      sessionTypes: draft.sessionTypes.map((each, position) => (position === index ? { ...each, [field]: value } : each)),
    }));
  return (
    <section className={styles.entry} aria-labelledby={titleId}>
      <div className={styles.entryHeader}>
        <h3 id={titleId} className={styles.entryTitle}>
          {title}
        </h3>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove session type ${title}`}
          onPress={() => form.remove('sessionTypes', index, (draft) => ({ ...draft, sessionTypes: removeAt(draft.sessionTypes, index) }))}
        >
          <CloseIcon size={16} />
          Remove
        </Button>
      </div>
      <Place path={at}>
        <GroupMessage id={`${titleId}-message`} message={form.errorAt(at)} />
      </Place>
      <div className={styles.grid}>
        <Place path={`${at}.name`} className={styles.fullRow}>
          <TextField label="Name" placeholder="e.g. Follow-up visit" value={type.name} onChange={(name) => set('name', 'name', name)} errorMessage={form.errorAt(`${at}.name`)} />
        </Place>
        <Place path={`${at}.durationMinutes`}>
          <NumberField
            label="Duration (minutes)"
            value={type.durationMinutes}
            onChange={(minutes) => set('durationMinutes', 'durationMinutes', minutes)}
            errorMessage={form.errorAt(`${at}.durationMinutes`)}
          />
        </Place>
        <Place path={`${at}.priceMinor`}>
          <TextField
            label="Price"
            inputMode="decimal"
            autoComplete="off"
            description={priceDescription(type.price, form.draft.currency)}
            value={type.price}
            onChange={(price) => set('price', 'priceMinor', price)}
            errorMessage={form.errorAt(`${at}.priceMinor`)}
          />
        </Place>
        <Place path={`${at}.mode`}>
          <Select
            label="Where"
            items={modeItems}
            selectedKey={type.mode}
            onSelectionChange={(key) => {
              if (key !== null) set('mode', 'mode', String(key) as AppointmentMode);
            }}
            errorMessage={form.errorAt(`${at}.mode`)}
          />
        </Place>
        <Place path={`${at}.approval`}>
          <Select
            label="Bookings"
            items={approvalItems}
            selectedKey={type.approval}
            onSelectionChange={(key) => {
              if (key !== null) set('approval', 'approval', String(key) as BookingApproval);
            }}
            errorMessage={form.errorAt(`${at}.approval`)}
          />
        </Place>
        <Place path={`${at}.newPatientsOnly`} className={styles.fullRow}>
          <Checkbox
            isSelected={type.newPatientsOnly}
            onChange={(selected) => set('newPatientsOnly', 'newPatientsOnly', selected)}
            errorMessage={form.errorAt(`${at}.newPatientsOnly`)}
          >
            New patients only
          </Checkbox>
        </Place>
        <Place path={`${at}.description`} className={styles.fullRow}>
          <TextField
            label="Description (optional)"
            rows={2}
            description={`${type.description.length}/${SESSION_DESCRIPTION_MAX_LENGTH}`}
            value={type.description}
            onChange={(description) => set('description', 'description', description)}
            errorMessage={form.errorAt(`${at}.description`)}
          />
        </Place>
      </div>
    </section>
  );
}
