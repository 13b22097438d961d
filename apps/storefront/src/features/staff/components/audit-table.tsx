import type { AuditEntry } from '@kassa/domain/contract/staff-audit';
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import type { ReactNode } from 'react';
import { Link } from '@/lib/router/router';
import { formatDate, formatTime } from '@/lib/format-date';
import { formatMoney } from '@/lib/format-money';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import { useStaffText, type StaffText } from '../hooks/use-staff-text';
import { actionLabel, changeLines } from '../utils/account-texts';

const COLUMNS = ['when', 'who', 'what', 'about', 'changes'] as const;

/**
 * A cell with its column's name beside it where the row is stacked on a
 * phone (screen readers have the header); an empty cell shows no name.
 */
function Cell({
  label,
  className,
  filled = true,
  children,
}: {
  label: string;
  className: string;
  filled?: boolean;
  children?: ReactNode;
}) {
  return (
    <td role="cell" className={className}>
      {filled && (
        <span className="kassa-audit__cell-label" aria-hidden="true">
          {label}
        </span>
      )}
      {filled && children}
    </td>
  );
}

function who(t: StaffText, entry: AuditEntry): string {
  if (entry.actor === 'visitor') return t('audit.visitor');
  if (entry.actor === 'system') return t('audit.system');
  return entry.actor_name ? `${entry.actor_name} (${entry.actor})` : entry.actor;
}

/**
 * One page of the audit log as a table; on a phone each entry stacks as
 * a card, every cell named, nothing behind a sideways scroll.
 */
export function AuditTable({ entries, caption }: { entries: readonly AuditEntry[]; caption: string }) {
  const t = useStaffText();
  const language = useLanguage();
  const { timeZone, dateFormat, currency } = pageDefinitions();
  return (
    <table className="kassa-audit__table" role="table">
      <caption className="kassa-staff__visually-hidden">{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {COLUMNS.map((column) => (
            <th key={column} scope="col" role="columnheader">
              {t(`audit.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {entries.map((entry) => {
          const at = new Date(entry.at);
          const changes = changeLines(t, entry);
          return (
            <tr key={entry.id} role="row">
              <Cell label={t('audit.when')} className="kassa-audit__when">
                <time dateTime={entry.at}>
                  {formatDate(at, timeZone, dateFormat)} {formatTime(at, timeZone)}
                </time>
              </Cell>
              <Cell label={t('audit.who')} className="kassa-audit__who">
                {who(t, entry)}
              </Cell>
              <th scope="row" role="rowheader" className="kassa-audit__what">
                {actionLabel(t, entry.action)}
              </th>
              <Cell
                label={t('audit.about')}
                className="kassa-audit__about"
                filled={Boolean(entry.order || entry.subject)}
              >
                {entry.order && (
                  <Link to={`/staff/today?order=${entry.order}`}>
                    {t('audit.order_number', { number: formatOrderReference(entry.order) })}
                  </Link>
                )}
                {entry.order && entry.subject && ' · '}
                {entry.subject}
              </Cell>
              <Cell
                label={t('audit.changes')}
                className="kassa-audit__changes"
                filled={changes.length > 0 || entry.amount_cents !== null}
              >
                {changes.map((line) => (
                  <span key={line} className="kassa-audit__change">
                    {line}
                  </span>
                ))}
                {entry.amount_cents !== null && (
                  <span className="kassa-audit__change">
                    {t('audit.amount', { amount: formatMoney(entry.amount_cents / 100, currency, language) })}
                  </span>
                )}
              </Cell>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
