import {
  checkoutReturnAnswerSchema,
  paymentAnswerSchema,
  paypalCaptureAnswerSchema,
  paypalCaptureRequestSchema,
  resendTicketsAnswerSchema,
} from '@kassa/domain/contract/payment';
import { errorBodySchema } from '@kassa/domain/contract/common';
import type { FastifyRequest } from 'fastify';
import { text } from '@kassa/domain/contract/text';
import { z } from 'zod';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { rateLimitByIp } from '../../lib/rate-limit.ts';
import { availableGateways } from '../../payments/gateways.ts';
import { sendGiftCardsPdf } from './gift-cards-download.ts';
import { sendTicketsPdf } from './tickets-download.ts';
import { sendPassesPdf } from './passes-download.ts';
import { sendReceiptPdf } from './receipt-download.ts';
import { sendOrderCalendar } from './calendar-download.ts';
import {
  sendCreditNotePdf,
  sendCreditNoteXml,
  sendInvoicePdf,
  sendInvoiceXml,
} from './document-downloads.ts';
import { publicBaseUrl } from '../../lib/base-url.ts';
import { checkoutReturn } from './checkout-return.ts';
import { findOrderByPublicHash } from '../../engine/settlement/find-order.ts';
import { paymentForOrder } from '../../engine/hand-off/open-payment.ts';
import { paymentErrors } from '../../engine/hand-off/payment-errors.ts';
import { capturePayPal } from './paypal-capture.ts';
import { RESEND_TICKETS_IP_LIMIT, resendTickets } from './resend-tickets.ts';
import { requestSettleContext } from './settle-context.ts';

const hashParams = z.object({ hash: text().min(1).max(200) });

/** A PDF download in the OpenAPI document (the reply is the file's bytes, not JSON). */
function pdfAnswer(description: string) {
  return { description, content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } };
}

/** An XML download in the OpenAPI document. */
function xmlAnswer(description: string) {
  return { description, content: { 'application/xml': { schema: z.string() } } };
}

/** The storefront-facing payment calls, under /api. */
export async function paymentRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const context = (request: FastifyRequest) => requestSettleContext(deps, request);
  app.log.info({ gateways: availableGateways(deps.gateways) }, 'payment gateways available');
  if (deps.gateways.stripe && !deps.gateways.stripe.acceptsWebhooks) {
    app.log.error(
      'STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: no Stripe payment can be marked paid',
    );
  }
  const orderFor = async (hash: string) => {
    const order = await findOrderByPublicHash(db, hash);
    if (!order) throw paymentErrors.notFound();
    return order;
  };

  app.get(
    '/payment/:hash',
    {
      schema: {
        tags: ['payments'],
        summary: 'The payment hand-off for a reservation (or an order paid again)',
        params: hashParams,
        response: { 200: paymentAnswerSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const order = await orderFor(request.params.hash);
      const payment = await paymentForOrder(context(request), order, now());
      return { ok: true as const, response: { payment } };
    },
  );

  app.get(
    '/orders/:hash/status',
    {
      schema: {
        tags: ['payments'],
        summary: 'The order status the checkout return page shows',
        params: hashParams,
        response: { 200: checkoutReturnAnswerSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const order = await orderFor(request.params.hash);
      // Polled while pending: never answered from a cache.
      reply.header('cache-control', 'no-store');
      return { ok: true as const, response: await checkoutReturn(db, order, now()) };
    },
  );

  app.get(
    '/orders/:hash/tickets.pdf',
    {
      schema: {
        tags: ['payments'],
        summary: 'The tickets of a paid order as PDF',
        params: hashParams,
        response: {
          200: pdfAnswer('The tickets, one page each'),
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => sendTicketsPdf(db, await orderFor(request.params.hash), reply),
  );

  app.get(
    '/orders/:hash/gift-cards.pdf',
    {
      schema: {
        tags: ['payments'],
        summary: 'The gift cards of a paid voucher order as PDF',
        params: hashParams,
        response: {
          200: pdfAnswer('The gift cards, one page each'),
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => sendGiftCardsPdf(db, await orderFor(request.params.hash), reply),
  );

  app.get(
    '/orders/:hash/receipt.pdf',
    {
      schema: {
        tags: ['payments'],
        summary: 'The receipt of a paid order as PDF',
        params: hashParams,
        response: {
          200: pdfAnswer('The receipt: lines, fees, discounts, credit and the total paid'),
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => sendReceiptPdf(db, await orderFor(request.params.hash), reply),
  );

  app.get(
    '/orders/:hash/invoice.pdf',
    {
      schema: {
        tags: ['payments'],
        summary: 'The invoice of a paid or invoiced order as PDF',
        description:
          'As issued in the settlement (decision 0242): seller, buyer, dates, lines with their VAT rate, totals per rate. 409 before the order is paid or invoiced.',
        params: hashParams,
        response: {
          200: pdfAnswer('The invoice'),
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => sendInvoicePdf(db, await orderFor(request.params.hash), reply),
  );

  app.get(
    '/orders/:hash/credit-notes/:number.pdf',
    {
      schema: {
        tags: ['payments'],
        summary: 'A credit note of the order as PDF, by its number',
        params: hashParams.extend({ number: text().min(1).max(40) }),
        response: {
          200: pdfAnswer('The credit note, referring to its invoice'),
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      sendCreditNotePdf(db, await orderFor(request.params.hash), request.params.number, reply),
  );

  app.get(
    '/orders/:hash/invoice.xml',
    {
      schema: {
        tags: ['payments'],
        summary: 'The invoice as an EN 16931 e-invoice (UBL 2.1), for an order of a company',
        description:
          'The issued invoice as UBL (decision 0244), its amounts those of the PDF. 409 INVOICE_NOT_AVAILABLE before the order is paid or invoiced; 409 EINVOICE_NOT_AVAILABLE when the buyer gave no company, the seller has no VAT id, or the invoice has a supply outside the scope of VAT.',
        params: hashParams,
        response: {
          200: xmlAnswer('The invoice, UBL 2.1 Invoice'),
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => sendInvoiceXml(db, await orderFor(request.params.hash), reply),
  );

  app.get(
    '/orders/:hash/credit-notes/:number.xml',
    {
      schema: {
        tags: ['payments'],
        summary: 'A credit note as an EN 16931 e-invoice (UBL 2.1 CreditNote), for an order of a company',
        description:
          'The credit note as UBL (decision 0244), referring to its invoice. 409 EINVOICE_NOT_AVAILABLE as for the invoice.',
        params: hashParams.extend({ number: text().min(1).max(40) }),
        response: {
          200: xmlAnswer('The credit note, UBL 2.1 CreditNote'),
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      sendCreditNoteXml(db, await orderFor(request.params.hash), request.params.number, reply),
  );

  app.get(
    '/orders/:hash/passes.pdf',
    {
      schema: {
        tags: ['payments'],
        summary: 'The passes of a paid subscription order as PDF',
        params: hashParams,
        response: {
          200: pdfAnswer('The passes, one page each, and the receipt'),
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => sendPassesPdf(db, await orderFor(request.params.hash), reply),
  );

  app.get(
    '/orders/:hash/calendar.ics',
    {
      schema: {
        tags: ['payments'],
        summary: 'The visits of an order with tickets as a calendar entry (iCalendar)',
        params: hashParams,
        response: {
          200: {
            description: 'One event per dated visit, in the shop’s time zone (decision 0250)',
            content: { 'text/calendar': { schema: z.string() } },
          },
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      sendOrderCalendar(
        db,
        await orderFor(request.params.hash),
        publicBaseUrl(deps.config, request),
        now(),
        reply,
      ),
  );

  app.post(
    '/orders/:hash/tickets/resend',
    {
      onRequest: rateLimitByIp(db, RESEND_TICKETS_IP_LIMIT, now),
      schema: {
        tags: ['payments'],
        summary: 'Send the tickets mail of an order again',
        params: hashParams,
        response: { 200: resendTicketsAnswerSchema, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const order = await orderFor(request.params.hash);
      await resendTickets(db, order, publicBaseUrl(deps.config, request), now());
      return { ok: true as const };
    },
  );

  app.post(
    '/payments/paypal/capture',
    {
      schema: {
        tags: ['payments'],
        summary: 'Capture the PayPal order a visitor approved',
        body: paypalCaptureRequestSchema,
        response: { 200: paypalCaptureAnswerSchema },
      },
    },
    async (request) => {
      const result = await capturePayPal(context(request), request.body.hash, now());
      return { ok: true as const, response: result };
    },
  );
}
