import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createRecordingMailer } from '../../mail/recording-mailer.ts';
import { createFaqQuestion, createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

type Organisation = typeof s.organisations.$inferSelect;

const validRequest = {
  first_name: 'Jan',
  last_name: 'de Vries',
  adress: 'jan@example.com',
  order_number: '10234',
  comment: 'We cannot come on Saturday.',
};

describe('FAQ', () => {
  const mailer = createRecordingMailer();
  let t: TestApp;
  let organisation: Organisation;
  let ip = 0;
  // Every test posts from its own address, so the refund mail rate limit only bites where meant to.
  const nextIp = () => `198.51.100.${++ip}`;

  beforeAll(async () => {
    t = await createTestApp({}, { mailer });
    organisation = await createOrganisation(t.db, {
      name: 'Museum of Tests',
      defaultLanguage: 'en',
      email: 'info@museum.example',
      phoneNumber: '+31 20 123 4567',
      whatsappUrl: 'https://wa.me/31201234567',
      openingHoursUrl: 'https://museum.example/hours',
      rebookingAllowed: true,
      rebookingSecret: 'rebook-secret-123',
    });
    await createFaqQuestion(t.db, organisation.id, {
      sort: 2,
      question: { en: 'Can I park?', nl: 'Kan ik parkeren?' },
      answer: { en: 'Yes.', nl: 'Ja.' },
    });
    await createFaqQuestion(t.db, organisation.id, {
      sort: 1,
      question: { en: 'When are you open?', nl: 'Wanneer zijn jullie open?' },
      answer: { en: 'Daily.', nl: 'Dagelijks.' },
    });
    await createFaqQuestion(t.db, organisation.id, {
      sort: 3,
      question: { en: 'Only in English?' },
      answer: { en: 'Falls back.' },
    });
  });
  afterAll(() => t.close());

  async function updateOrganisation(values: Partial<typeof s.organisations.$inferInsert>) {
    await t.db.update(s.organisations).set(values).where(eq(s.organisations.id, organisation.id));
  }

  beforeEach(async () => {
    // Whatever an earlier test queued goes out (and is forgotten) before this one starts.
    await t.deliverMail();
    mailer.sent.length = 0;
    await updateOrganisation({ faqEnabled: true, rebookingAllowed: true, email: 'info@museum.example' });
  });

  describe('GET /api/faq', () => {
    it('lists the questions by sort order with the contact details', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/faq' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        faq_enabled: true,
        questions: [
          { question: 'When are you open?', answer: 'Daily.' },
          { question: 'Can I park?', answer: 'Yes.' },
          { question: 'Only in English?', answer: 'Falls back.' },
        ],
        rebooking_allowed: true,
        rebooking_secret: 'rebook-secret-123',
        phone_number: '+31 20 123 4567',
        email: 'info@museum.example',
        whatsapp_url: 'https://wa.me/31201234567',
        opening_hours_url: 'https://museum.example/hours',
      });
    });

    it("answers in the request's language, falling back to the shop's default", async () => {
      const byHeader = await t.app.inject({
        method: 'GET',
        url: '/api/faq',
        headers: { 'accept-language': 'nl-BE,nl;q=0.9' },
      });
      expect(byHeader.json().questions).toEqual([
        { question: 'Wanneer zijn jullie open?', answer: 'Dagelijks.' },
        { question: 'Kan ik parkeren?', answer: 'Ja.' },
        { question: 'Only in English?', answer: 'Falls back.' },
      ]);
      const byQuery = await t.app.inject({ method: 'GET', url: '/api/faq?language=nl' });
      expect(byQuery.json().questions[0]).toEqual({
        question: 'Wanneer zijn jullie open?',
        answer: 'Dagelijks.',
      });
    });

    it('hides the rebooking secret while rebooking is not allowed, and answers absent contacts with null', async () => {
      await updateOrganisation({
        rebookingAllowed: false,
        phoneNumber: null,
        whatsappUrl: '  ',
        openingHoursUrl: null,
      });
      const body = (await t.app.inject({ method: 'GET', url: '/api/faq' })).json();
      expect(body).toMatchObject({
        rebooking_allowed: false,
        rebooking_secret: null,
        phone_number: null,
        whatsapp_url: null,
        opening_hours_url: null,
        email: 'info@museum.example',
      });
      await updateOrganisation({
        phoneNumber: '+31 20 123 4567',
        whatsappUrl: 'https://wa.me/31201234567',
        openingHoursUrl: 'https://museum.example/hours',
      });
    });

    it('sends no questions when the FAQ is switched off', async () => {
      await updateOrganisation({ faqEnabled: false });
      const body = (await t.app.inject({ method: 'GET', url: '/api/faq' })).json();
      expect(body).toMatchObject({ faq_enabled: false, questions: [] });
    });
  });

  describe('POST /api/faq/mail', () => {
    const shopAddress = { name: 'Museum of Tests', address: 'info@museum.example' };
    function isTo(mail: { to: unknown }, address: string): boolean {
      return typeof mail.to === 'object' && (mail.to as { address?: string }).address === address;
    }
    const toShop = () => mailer.sent.filter((mail) => isTo(mail, 'info@museum.example'));
    const toVisitor = (address = 'jan@example.com') => mailer.sent.filter((mail) => isTo(mail, address));
    function post(payload: unknown, remoteAddress = nextIp(), headers: Record<string, string> = {}) {
      return t.app.inject({
        method: 'POST',
        url: '/api/faq/mail',
        payload: payload as Record<string, unknown>,
        remoteAddress,
        headers,
      });
    }

    it('mails a valid request to the shop, replying to the visitor, and answers ok', async () => {
      const response = await post(validRequest, nextIp(), { 'accept-language': 'nl' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      await t.deliverMail();
      const [mail] = toShop();
      expect(mail?.to).toEqual({ name: 'Museum of Tests', address: 'info@museum.example' });
      expect(mail?.replyTo).toEqual({ name: 'Jan de Vries', address: 'jan@example.com' });
      expect(mail?.subject).toBe('Refund request for order 10234 from Jan de Vries');
      expect(mail?.text).toContain('E-mail:        jan@example.com');
      expect(mail?.text).toContain('Order number:  10234');
      expect(mail?.text).toContain('Language:      nl');
      expect(mail?.text).toContain('We cannot come on Saturday.');
    });

    it('accepts the order number as printed and links the order by its public number in the shop mail', async () => {
      const [order] = await t.db
        .insert(s.orders)
        .values({
          organisationId: organisation.id,
          hash: 'faq-refund-order-hash-0001',
          reference: '68574218402',
          kind: 'PRODUCT',
          status: 'PAID',
          customer: { first_name: 'Jan', last_name: 'de Vries', email: 'jan@example.com', fields: {} },
        })
        .returning();
      expect(order).toBeDefined();
      for (const printed of ['6857 4218 402', '6857-4218-402']) {
        mailer.sent.length = 0;
        const response = await post({ ...validRequest, order_number: printed }, nextIp(), {
          host: 'shop.example',
        });
        expect(response.statusCode, printed).toBe(200);
        await t.deliverMail();
        const [mail] = toShop();
        expect(mail?.subject).toBe('Refund request for order 6857 4218 402 from Jan de Vries');
        expect(mail?.text).toContain('Order number:  6857 4218 402');
        expect(mail?.text).toContain('http://shop.example/staff/today?order=68574218402');
        expect(mail?.text).toContain('paid');
      }
    });

    it('says in the shop mail when no order has the number the visitor typed', async () => {
      // A well-formed reference (its check digit matches) that no order of this shop carries.
      const response = await post({ ...validRequest, order_number: '1234 5678 906' });
      expect(response.statusCode).toBe(200);
      await t.deliverMail();
      const [mail] = toShop();
      expect(mail?.text).toContain('Order number:  1234 5678 906');
      expect(mail?.text).toContain('No order of this shop has this number');
      expect(mail?.text).not.toContain('/staff/today?order=');
    });

    it('mails the visitor a confirmation in their language, through the outbox, replying to the shop', async () => {
      const response = await post(
        { ...validRequest, adress: 'anna@example.com', order_number: '6857 4218 402' },
        nextIp(),
        { 'accept-language': 'de' },
      );
      expect(response.statusCode).toBe(200);
      // Queued, not sent in the request: nothing has gone out before the worker runs.
      expect(mailer.sent).toHaveLength(0);
      await t.deliverMail();
      const [copy] = toVisitor('anna@example.com');
      expect(copy?.replyTo).toEqual(shopAddress);
      expect(copy?.subject).toBe('Ihre Anfrage zur Bestellung 6857 4218 402 bei Museum of Tests');
      expect(copy?.text).toContain('6857 4218 402');
      expect(copy?.text).toContain('Museum of Tests');
      // What anyone may type never reaches an address they may not own (decision 0195).
      expect(copy?.text).not.toContain('We cannot come on Saturday.');
      expect(copy?.text).not.toContain('de Vries');
    });

    it('sends one address at most 3 confirmations a day, while every request still reaches the shop', async () => {
      const address = 'many@example.com';
      for (let i = 0; i < 4; i++) {
        expect((await post({ ...validRequest, adress: address })).statusCode).toBe(200);
      }
      await t.deliverMail();
      expect(toVisitor(address)).toHaveLength(3);
      expect(toShop()).toHaveLength(4);
    });

    it('accepts a request without a comment and an order number with decimals', async () => {
      const { comment: _comment, ...withoutComment } = validRequest;
      const response = await post({ ...withoutComment, order_number: '10234,5' });
      expect(response.statusCode).toBe(200);
      await t.deliverMail();
      expect(toShop()[0]?.text).toContain('(none)');
    });

    it('refuses invalid fields with VALIDATION_ERROR naming them, and sends nothing', async () => {
      const response = await post({ ...validRequest, adress: 'jan@example', order_number: '12.345' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        ok: false,
        error: { code: 'VALIDATION_ERROR', message: expect.any(String), error_info: 'adress,order_number' },
      });
      await t.deliverMail();
      expect(mailer.sent).toHaveLength(0);
    });

    it('names every missing field', async () => {
      const response = await post({});
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        error_info: 'first_name,last_name,adress,order_number',
      });
      await t.deliverMail();
      expect(mailer.sent).toHaveLength(0);
    });

    it('answers a body of the wrong shape with a 400, not a 500', async () => {
      const response = await post({ ...validRequest, first_name: { $ne: 1 } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      await t.deliverMail();
      expect(mailer.sent).toHaveLength(0);
    });

    it('answers 404 FAQ_DISABLED when the shop has no FAQ', async () => {
      await updateOrganisation({ faqEnabled: false });
      const response = await post(validRequest);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('FAQ_DISABLED');
      await t.deliverMail();
      expect(mailer.sent).toHaveLength(0);
    });

    it('answers a generic 5xx, not a leak, when the shop has no e-mail address', async () => {
      await updateOrganisation({ email: null });
      const response = await post(validRequest);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('INTERNAL_ERROR');
      await t.deliverMail();
      expect(mailer.sent).toHaveLength(0);
    });

    it('allows 5 requests per 10 minutes from one address, then answers 429 RATE_LIMITED', async () => {
      const address = nextIp();
      for (let i = 0; i < 5; i++) expect((await post(validRequest, address)).statusCode).toBe(200);
      const limited = await post(validRequest, address);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      await t.deliverMail();
      expect(toShop()).toHaveLength(5);
      expect((await post(validRequest, nextIp())).statusCode).toBe(200);
    });
  });
});
