import { useTranslation } from '@/lib/use-translation';
import { Navigate } from '@/lib/router/router';
import { Accordion } from '@/components/ui/accordion';
import { Loading } from '@/components/ui/loading';
import { useFaq } from '@/lib/api/get-faq';
import { pageDefinitions } from '@/lib/page-definitions';
import { FaqAnswer } from './faq-answer';
import { RefundSentNotice } from './refund-sent-notice';
import { SupportCards } from './support-cards';
import './faq-page.css';

/**
 * /faq (docs/storefront.md §2.13): questions and answers, then the support cards.
 * A shop without an FAQ sends the visitor to /404; a failed load shows an
 * empty FAQ (getFaq turns failures into EMPTY_FAQ, docs/storefront.md §8.3).
 */
export function FaqPage({ onRefundSent }: { onRefundSent?: () => void } = {}) {
  const { t } = useTranslation();
  const faq = useFaq();

  if (faq.data?.faq_enabled === false) return <Navigate to="/404" replace />;
  if (!faq.data) return <Loading label={t('faq.loading')} />;

  const { questions } = faq.data;
  return (
    <section className="kassa-page kassa-faq">
      <title>{`${t('faq.title')} – ${pageDefinitions().organisationName}`}</title>
      <h1>{t('faq.title')}</h1>
      <RefundSentNotice />
      <section className="kassa-faq__questions" aria-labelledby="faq-questions">
        <h2 id="faq-questions" className="kassa-visually-hidden">
          {t('faq.questions')}
        </h2>
        {questions.length > 0 ? (
          <Accordion
            items={questions.map((entry) => ({
              title: entry.question,
              content: <FaqAnswer html={entry.answer} />,
            }))}
          />
        ) : (
          <p>{t('faq.no_questions')}</p>
        )}
      </section>
      <SupportCards faq={faq.data} onRefundSent={onRefundSent} />
    </section>
  );
}
