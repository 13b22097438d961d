import type { WaitingRoomStatus } from '@kassa/domain/contract/waiting-room';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link, useParams } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/loading';
import { NoIndex } from '@/components/ui/no-index';
import { isApiError } from '@/lib/api-error';
import { errorKey } from '@/lib/error-message';
import { formatTime } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import { forgetRush, keepPass, keepQueueToken, queueToken } from '@/lib/rush-store';
import { joinWaitingRoom, waitingRoomStatus } from '../api/waiting-room';
import './waiting-room-page.css';

/** Never faster than this, whatever the server says. */
const MIN_POLL_MS = 2000;

/**
 * /waiting-room/{id}/{slug} (decisions 0265–0267): the visitor's place in a
 * rush's queue. The signed token is kept in localStorage, so a reload keeps
 * the place; the page asks again by itself and announces a changed position
 * politely; once admitted the pass is kept for the order and the visitor
 * goes on to book.
 */
export function WaitingRoomPage() {
  const { t } = useTranslation();
  const params = useParams();
  const productId = Number(params.id);
  const productPath = `/product/${productId}/${params.slug ?? ''}`;
  const [status, setStatus] = useState<WaitingRoomStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const turnHeading = useRef<HTMLHeadingElement>(null);
  const { timeZone, organisationName } = pageDefinitions();

  const enter = useCallback(
    async (signal: AbortSignal) => {
      let token = queueToken(productId);
      if (!token) {
        const joined = await joinWaitingRoom(productId);
        keepQueueToken(productId, joined.token);
        return { token: joined.token, status: joined.status };
      }
      try {
        return { token, status: await waitingRoomStatus(token, signal) };
      } catch (cause) {
        // A token of a queue that is gone (a new opening time): queue afresh.
        if (!isApiError(cause) || cause.code !== 'RUSH_TOKEN_INVALID') throw cause;
        forgetRush(productId);
        token = null;
        const joined = await joinWaitingRoom(productId);
        keepQueueToken(productId, joined.token);
        return { token: joined.token, status: joined.status };
      }
    },
    [productId],
  );

  useEffect(() => {
    if (!Number.isInteger(productId) || productId <= 0) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (next: WaitingRoomStatus) => {
      setStatus(next);
      setError(null);
      if (next.state === 'ADMITTED' && next.pass && next.passExpiresAt)
        keepPass(productId, next.pass, next.passExpiresAt);
    };
    const poll = (token: string, after: number) => {
      timer = setTimeout(
        async () => {
          try {
            const next = await waitingRoomStatus(token, controller.signal);
            show(next);
            if (next.pollAfterMs > 0) poll(token, next.pollAfterMs);
          } catch (cause) {
            if (controller.signal.aborted) return;
            // A failed poll keeps the place: ask again a little later.
            setError(isApiError(cause) ? cause.code : 'UNEXPECTED');
            poll(token, after * 2);
          }
        },
        Math.max(after, MIN_POLL_MS),
      );
    };
    enter(controller.signal).then(
      ({ token, status: first }) => {
        show(first);
        if (first.pollAfterMs > 0) poll(token, first.pollAfterMs);
      },
      (cause: unknown) => {
        if (!controller.signal.aborted) setError(isApiError(cause) ? cause.code : 'UNEXPECTED');
      },
    );
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [enter, productId, attempt]);

  const state = status?.state;
  useEffect(() => {
    if (state === 'ADMITTED') turnHeading.current?.focus();
  }, [state]);

  function again() {
    forgetRush(productId);
    setStatus(null);
    setError(null);
    setAttempt((n) => n + 1);
  }

  const time = (iso: string | null) => (iso ? formatTime(new Date(iso), timeZone) : '');
  return (
    <section className="kassa-page kassa-waiting-room">
      <NoIndex />
      <title>{`${t('waitingRoom.title')} – ${organisationName}`}</title>
      {state === 'ADMITTED' ? (
        <h1 ref={turnHeading} tabIndex={-1}>
          {t('waitingRoom.admitted_title')}
        </h1>
      ) : (
        <h1>{t('waitingRoom.title')}</h1>
      )}
      {!status && !error && (
        <p className="kassa-waiting-room__joining">
          <Spinner /> {t('waitingRoom.joining')}
        </p>
      )}
      {error && (
        <Alert tone={status ? 'warning' : 'danger'}>
          {t(errorKey(error))}
          {!status && (
            <>
              {' '}
              <button type="button" className="kassa-button" onClick={again}>
                {t('waitingRoom.try_again')}
              </button>
            </>
          )}
        </Alert>
      )}
      {status && (
        <div className="kassa-waiting-room__card">
          {/* The one live region: a new position or state is read out when it changes. */}
          <div aria-live="polite" aria-atomic="true">
            {state === 'PRE_QUEUE' && (
              <>
                <p className="kassa-waiting-room__big">
                  {t('waitingRoom.pre_queue', { time: time(status.opensAt) })}
                </p>
                <p>{t('waitingRoom.pre_queue_draw', { time: time(status.opensAt) })}</p>
              </>
            )}
            {state === 'WAITING' && (
              <>
                <p className="kassa-waiting-room__position">
                  {t('waitingRoom.position_label')}{' '}
                  <strong className="kassa-waiting-room__number">{status.position}</strong>
                </p>
                <p>
                  {status.estimateMinutes !== null
                    ? t('waitingRoom.estimate', { count: status.estimateMinutes })
                    : t('waitingRoom.estimate_capacity')}
                </p>
              </>
            )}
            {state === 'ADMITTED' && (
              <p className="kassa-waiting-room__big">
                {t('waitingRoom.admitted', { time: time(status.passExpiresAt) })}
              </p>
            )}
            {state === 'EXPIRED' && <p className="kassa-waiting-room__big">{t('waitingRoom.expired')}</p>}
            {state === 'USED' && <p className="kassa-waiting-room__big">{t('waitingRoom.used')}</p>}
            {state === 'OVER' && <p className="kassa-waiting-room__big">{t('waitingRoom.over')}</p>}
          </div>
          {(state === 'WAITING' || state === 'PRE_QUEUE') && (
            <p className="kassa-waiting-room__note">{t('waitingRoom.keep_place')}</p>
          )}
          {state === 'ADMITTED' && (
            <Link className="kassa-button kassa-waiting-room__action" to={productPath}>
              {t('waitingRoom.book_now')}
            </Link>
          )}
          {state === 'EXPIRED' && (
            <button type="button" className="kassa-button kassa-waiting-room__action" onClick={again}>
              {t('waitingRoom.queue_again')}
            </button>
          )}
          {(state === 'OVER' || state === 'USED') && (
            <Link className="kassa-waiting-room__action" to={productPath}>
              {t('waitingRoom.to_product')}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
