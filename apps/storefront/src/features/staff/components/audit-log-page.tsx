import { useSearchParams } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { useStaffAccounts } from '../api/staff-accounts';
import { useAuditLog, type AuditFilters as Filters } from '../api/staff-audit';
import { useStaffText } from '../hooks/use-staff-text';
import { accountErrorText } from '../utils/account-texts';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import './staff-accounts.css';

const FILTER_KEYS = ['action', 'staff', 'order', 'from', 'to'] as const;

function filtersOf(params: URLSearchParams): Filters {
  const page = Number(params.get('page'));
  return {
    action: params.get('action') ?? '',
    staff: params.get('staff') ?? '',
    order: params.get('order') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** /staff/audit (managers): the whole audit log, newest first, filtered and paged; the filters live in the URL. */
export function AuditLogPage() {
  const t = useStaffText();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const log = useAuditLog(filters);
  const staff = useStaffAccounts();
  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  function show(next: Filters) {
    const query = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key].trim()) query.set(key, next[key].trim());
    if (next.page > 1) query.set('page', String(next.page));
    setParams(query);
  }

  return (
    <section className="kassa-staff__page kassa-audit">
      <title>{t('audit.title')}</title>
      <h1>{t('audit.title')}</h1>
      <p>{t('audit.intro')}</p>
      <AuditFilters
        // A new URL (back button, cleared filters) starts the form again from it.
        key={params.toString()}
        filters={filters}
        actions={data?.actions ?? []}
        staff={staff.data?.accounts ?? []}
        onApply={show}
      />
      {log.isError && <Alert tone="danger">{accountErrorText(t, log.error)}</Alert>}
      {!data && log.isPending && <Loading label={t('audit.loading')} />}
      {data && (
        <>
          <p className="kassa-audit__total" role="status">
            {t('audit.total', { count: data.total })}
          </p>
          {data.entries.length === 0 ? (
            <p>{t('audit.empty')}</p>
          ) : (
            <AuditTable entries={data.entries} caption={t('audit.caption', { page: data.page, pages })} />
          )}
          {pages > 1 && (
            <nav className="kassa-audit__pager" aria-label={t('audit.pages')}>
              <button
                type="button"
                className="kassa-button kassa-button--secondary"
                disabled={filters.page <= 1}
                onClick={() => show({ ...filters, page: filters.page - 1 })}
              >
                {t('audit.newer')}
              </button>
              <span>{t('audit.page', { page: filters.page, pages })}</span>
              <button
                type="button"
                className="kassa-button kassa-button--secondary"
                disabled={filters.page >= pages}
                onClick={() => show({ ...filters, page: filters.page + 1 })}
              >
                {t('audit.older')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
