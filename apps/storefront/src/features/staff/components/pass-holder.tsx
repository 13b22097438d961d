import type { ScannedPass } from '@kassa/domain/contract/staff';
import { formatLongDate } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import { useStaffText } from '../hooks/use-staff-text';

/** A person's outline, drawn inline: no file to fetch and nothing for a CSP to block. */
function DefaultAvatar() {
  return (
    <svg className="kassa-staff__avatar" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <rect width="96" height="96" rx="48" fill="#dfe5ea" />
      <circle cx="48" cy="38" r="17" fill="#8795a1" />
      <path d="M17 82c4-17 17-26 31-26s27 9 31 26" fill="#8795a1" />
    </svg>
  );
}

/** The pass holder: photo (or the default avatar), name, subscription, visits left and expiry. */
export function PassHolder({ pass }: { pass: ScannedPass }) {
  const t = useStaffText();
  const language = useLanguage();
  const { timeZone } = pageDefinitions();
  return (
    <div className="kassa-staff__pass">
      {pass.avatar ? (
        <img
          className="kassa-staff__avatar"
          src={pass.avatar}
          alt={t('result.photo', { name: pass.holder })}
        />
      ) : (
        <DefaultAvatar />
      )}
      <div>
        <p className="kassa-staff__answer-product">{pass.holder}</p>
        <p>{pass.subscription}</p>
        <p>
          {pass.redemptions_left === -1
            ? t('result.unlimited')
            : t('result.redemptions_left', { count: pass.redemptions_left })}
        </p>
        <p>{t('result.valid_until', { date: formatLongDate(pass.expires, timeZone, language) })}</p>
      </div>
    </div>
  );
}
