import type { StaffAccount } from '@kassa/domain/contract/staff-accounts';
import { useId, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/text-field';
import { pageDefinitions } from '@/lib/page-definitions';
import type { AuditFilters as Filters } from '../api/staff-audit';
import { useStaffText } from '../hooks/use-staff-text';
import { actionGroupLabel, actionLabel } from '../utils/account-texts';

/** Actions by their first part (staff, order): the part itself filters the whole group. */
function groupActions(actions: readonly string[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const action of actions) {
    const group = action.split('.')[0] ?? action;
    groups.set(group, [...(groups.get(group) ?? []), action]);
  }
  return [...groups];
}

/**
 * The audit log's filters: action, staff member, order number and a range
 * of shop dates. They apply when sent, and live in the page's URL.
 */
export function AuditFilters({
  filters,
  actions,
  staff,
  onApply,
}: {
  filters: Filters;
  actions: readonly string[];
  staff: readonly StaffAccount[];
  onApply: (filters: Filters) => void;
}) {
  const t = useStaffText();
  const id = useId();
  const [draft, setDraft] = useState(filters);
  const set = (key: keyof Filters) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));
  // The filter offers what the log holds, and keeps a filter from the URL the log no longer lists.
  const offered =
    actions.includes(filters.action) || !filters.action ? actions : [...actions, filters.action];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply({ ...draft, page: 1 });
  }

  function clear() {
    const empty = { action: '', staff: '', order: '', from: '', to: '', page: 1 };
    setDraft(empty);
    onApply(empty);
  }

  return (
    <form className="kassa-audit__filters" aria-labelledby={`${id}-title`} noValidate onSubmit={submit}>
      <h2 id={`${id}-title`} className="kassa-audit__filters-title">
        {t('audit.filters')}
      </h2>
      <div className="kassa-field">
        <label htmlFor={`${id}-action`} className="kassa-field__label">
          {t('audit.action')}
        </label>
        <select
          id={`${id}-action`}
          className="kassa-field__control"
          value={draft.action}
          onChange={(event) => set('action')(event.target.value)}
        >
          <option value="">{t('audit.any_action')}</option>
          {groupActions(offered).map(([group, members]) => (
            <optgroup key={group} label={actionGroupLabel(t, group)}>
              <option value={group}>
                {actionGroupLabel(t, group)}: {t('audit.whole_group')}
              </option>
              {members.map((action) => (
                <option key={action} value={action}>
                  {actionLabel(t, action)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="kassa-field">
        <label htmlFor={`${id}-staff`} className="kassa-field__label">
          {t('audit.staff')}
        </label>
        <select
          id={`${id}-staff`}
          className="kassa-field__control"
          value={draft.staff}
          onChange={(event) => set('staff')(event.target.value)}
        >
          <option value="">{t('audit.anyone')}</option>
          {staff.map((account) => (
            <option key={account.id} value={String(account.id)}>
              {account.name ? `${account.name} (${account.email})` : account.email}
            </option>
          ))}
        </select>
      </div>
      <TextField
        name="order"
        label={t('audit.order')}
        value={draft.order}
        onChange={set('order')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={40}
      />
      <div className="kassa-field">
        <label htmlFor={`${id}-from`} className="kassa-field__label">
          {t('audit.from')}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="kassa-field__control"
          value={draft.from}
          aria-describedby={`${id}-zone`}
          onChange={(event) => set('from')(event.target.value)}
        />
      </div>
      <div className="kassa-field">
        <label htmlFor={`${id}-to`} className="kassa-field__label">
          {t('audit.to')}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="kassa-field__control"
          value={draft.to}
          aria-describedby={`${id}-zone`}
          onChange={(event) => set('to')(event.target.value)}
        />
      </div>
      <p id={`${id}-zone`} className="kassa-field__hint kassa-audit__zone">
        {t('audit.zone', { zone: pageDefinitions().timeZone })}
      </p>
      <div className="kassa-accounts__actions kassa-audit__buttons">
        <button type="submit" className="kassa-button">
          {t('audit.apply')}
        </button>
        <button type="button" className="kassa-button kassa-button--secondary" onClick={clear}>
          {t('audit.clear')}
        </button>
      </div>
    </form>
  );
}
