import { STAFF_ROLES, type StaffRole } from '@kassa/domain/rules/staff-role';
import { useId } from 'react';
import { useStaffText } from '../hooks/use-staff-text';

/** A staff role to choose, with what the chosen role may do written under it. */
export function RoleSelect({ value, onChange }: { value: StaffRole; onChange: (role: StaffRole) => void }) {
  const t = useStaffText();
  const id = useId();
  return (
    <div className="kassa-field">
      <label htmlFor={id} className="kassa-field__label">
        {t('staffAccounts.role')}
      </label>
      <select
        id={id}
        className="kassa-field__control"
        value={value}
        aria-describedby={`${id}-help`}
        onChange={(event) => onChange(event.target.value as StaffRole)}
      >
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`staffAccounts.roles.${role}`)}
          </option>
        ))}
      </select>
      <p id={`${id}-help`} className="kassa-field__hint">
        {t(`staffAccounts.role_help.${value}`)}
      </p>
    </div>
  );
}
