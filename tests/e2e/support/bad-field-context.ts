/**
 * What tests/e2e/bad-field.e2e.test.ts needs beyond the schema: signed-in callers, real ids read
 * through the public API (a catalog service, a PM, the current terms version, a booking, a chat
 * message, a page, a review, a lead) and, per operation, the body fields and path values a schema
 * cannot give.
 */

interface Envelope {
  success?: boolean;
  data?: unknown;
  error?: unknown;
}

export interface FieldProbeContext {
  tokens: { staff: string; customer: string };
  /** A fresh staff session, for operations that end the caller's. */
  staffToken(): Promise<string>;
  ids: Record<string, string>;
  termsVersion: number;
  /** An unused OTP for VERIFY_MOBILE and a staff refresh token, so those operations' valid bodies can succeed. */
  otp: string;
  refreshToken: string;
  checkoutMessages: Record<string, string>;
  pathValue(opId: string, param: string): string;
}

export interface Override {
  /** Body fields the schema cannot give: real ids, a current version, a value the service checks. */
  body?: (ctx: FieldProbeContext) => Record<string, unknown>;
  caller?: 'anonymous' | 'staff' | 'customer';
  /** Probed after the others: ends or changes the caller's session when accepted. */
  last?: boolean;
  /** A 2xx that still refuses the value, as the spec words it (the answer's `data`). */
  refusedIn200?: (data: unknown) => boolean;
}

const VERIFY_MOBILE = '+919812399998';
const FLAG = {
  type: 'boolean',
  enabled: true,
  defaultValue: false,
  variants: [
    { key: 'on', value: true, weight: 0.5 },
    { key: 'off', value: false, weight: 0.5 },
  ],
};
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

export const OVERRIDES: Record<string, Override> = {
  // A mobile of its own: the customer's OTP must stay unspent by this one.
  sendOtp: { body: () => ({ mobile: '+919812399999' }) },
  verifyOtp: { body: (c) => ({ mobile: VERIFY_MOBILE, otp: c.otp }) },
  refreshSession: { body: (c) => ({ refreshToken: c.refreshToken }) },
  staffPasswordLogin: { body: () => ({ identifier: 'root@example.com', password: 'correct-horse-battery' }) },
  // The same password again: accepted or refused, the admin's password stays what the other operations sign in with.
  changePassword: { body: () => ({ currentPassword: 'correct-horse-battery', newPassword: 'correct-horse-battery' }), caller: 'staff', last: true },
  signOut: { caller: 'staff', last: true },
  updateMe: { body: () => ({ name: 'Bad Field Probe' }) },
  // The role is free text in the schema; the service takes one of the staff roles, a PM with its talent profile.
  createStaffAccount: { body: (c) => ({ email: 'bad-field-pm@example.com', role: 'pm', name: 'Bad Field PM', profileId: c.ids.pm }) },
  quoteJob: { body: (c) => ({ items: [{ serviceId: c.ids.service, hours: 10, qty: 1 }] }) },
  createBooking: { body: (c) => ({ items: [{ serviceId: c.ids.service, hours: 10, qty: 1 }], acceptedTermsVersion: c.termsVersion }) },
  assignBooking: { body: (c) => ({ pmId: c.ids.pm }), caller: 'staff' },
  createPayment: { body: (c) => ({ bookingId: c.ids.booking }) },
  'postChatStream-tickets': { body: (c) => ({ bookingId: c.ids.booking }) },
  acceptLegalDocument: { body: (c) => ({ type: 'terms', version: c.termsVersion }) },
  // In the future and not material: the terms in force, and who has accepted them, stay as they are.
  createLegalVersion: {
    body: () => ({ market: 'IN', effectiveAt: inAMonth(), material: false, translations: { en: { title: 'Probe terms', body: 'Probe body.' } } }),
  },
  // The bundle's own messages again, so a valid PUT leaves it as it was.
  putMessageBundle: { body: (c) => ({ messages: c.checkoutMessages }) },
  createPage: { body: () => ({ type: 'page', lang: 'en', slug: 'bad-field-probe-page', title: 'Bad field probe' }) },
  updatePage: { body: () => ({ version: 1, title: 'Bad field probe, updated' }) },
  createReview: { body: (c) => ({ bookingId: c.ids.booking, rating: 5, text: 'A probe review that is long enough.' }) },
  updateReview: { body: () => ({ rating: 4 }) },
  // With variants, so an exposure to one of them is a valid body too.
  putFlag: { body: () => FLAG },
  recordExposure: { body: () => ({ flagKey: 'bad-field-probe', variant: 'on', deviceId: 'bad-field-device' }) },
  // design/growth.md: a bad event is listed in `rejected` with its reason in a 200, not a 400.
  track: {
    refusedIn200: (data) => (data as { accepted?: number }).accepted === 0,
    body: () => ({
      batch: [{ type: 'track', messageId: crypto.randomUUID(), anonymousId: 'bad-field-device', event: 'probe', timestamp: new Date().toISOString() }],
    }),
  },
  // Started a minute ago: a form sent faster than a person could fill it is dropped as spam.
  createLead: {
    body: () => ({
      name: 'Probe',
      email: 'lead@example.com',
      need: 'A probe lead of some length',
      market: 'IN',
      consentMarketing: false,
      formStartedAt: Date.now() - 60_000,
    }),
  },
  updateLead: { body: () => ({ status: 'contacted' }) },
};

/** Path parameter values per operation; anything else gets the booking id. */
function pathValues(ids: Record<string, string>): Record<string, Record<string, string>> {
  return {
    '*': { id: ids.booking as string, bookingId: ids.booking as string, lang: 'en', namespace: 'checkout', type: 'terms', key: 'bad-field-probe' },
    cancelBooking: { id: ids.cancelBooking as string },
    verifyPayment: { id: ids.payment ?? '0123456789abcdef01234567' },
    patchChatByBookingIdMessagesByMessageId: { messageId: ids.message ?? '0123456789abcdef01234567' },
    updatePage: { ref: ids.page as string },
    updateReview: { id: ids.review ?? '0123456789abcdef01234567' },
    replyToReview: { id: ids.review ?? '0123456789abcdef01234567' },
    reportReview: { id: ids.review ?? '0123456789abcdef01234567' },
    hideReview: { id: ids.review ?? '0123456789abcdef01234567' },
    updateLead: { id: ids.lead as string },
  };
}

/** Signs in, reads and makes the real resources the valid bodies refer to. */
export async function realIds(
  gateway: string,
  admin: { email: string; password: string },
  waitForLog: (p: (l: Record<string, unknown>) => boolean) => Promise<Record<string, unknown>>,
): Promise<FieldProbeContext> {
  async function call(method: string, path: string, body?: unknown, token?: string): Promise<Envelope> {
    const res = await fetch(`${gateway}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Envelope;
  }
  const data = async <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> => {
    const answer = await call(method, path, body, token);
    if (!answer.success) throw new Error(`${method} ${path}: ${JSON.stringify(answer.error)}`);
    return answer.data as T;
  };
  const staffToken = async () =>
    (await data<{ accessToken: string }>('POST', '/auth/staff-password-login', { identifier: admin.email, password: admin.password })).accessToken;
  const mobile = '+919812377777';
  await data('POST', '/auth/send-otp', { mobile });
  const sms = await waitForLog((l) => l.msg === 'sms (dev outbox)' && l.to === mobile);
  const otp = String(sms.text).match(/\b(\d{6})\b/)?.[1];
  const customer = (await data<{ accessToken: string }>('POST', '/auth/verify-otp', { mobile, otp })).accessToken;
  const staff = await staffToken();

  const ids: Record<string, string> = {};
  const catalog = await data<{ _id: string }[]>('GET', '/services/catalog');
  ids.service = catalog[0]?._id as string;
  const talent = await data<{ id: string; role: string }[]>('GET', '/talent?limit=20');
  ids.pm = talent.find((t) => t.role === 'pm')?.id as string;
  const termsVersion = (await data<{ version: number }>('GET', '/legal/terms')).version;
  const booking = { items: [{ serviceId: ids.service, hours: 10 }], acceptedTermsVersion: termsVersion };
  ids.booking = (await data<{ id: string }>('POST', '/bookings', booking, customer)).id;
  ids.cancelBooking = (await data<{ id: string }>('POST', '/bookings', booking, customer)).id;
  const payment = await call('POST', '/payments', { bookingId: ids.booking }, customer);
  if (payment.success) ids.payment = (payment.data as { id: string }).id;
  const message = await call('POST', `/chat/${ids.booking}/messages`, { body: 'Hello', clientMessageId: 'probe-setup' }, customer);
  if (message.success) ids.message = (message.data as { id: string }).id;
  const page = { type: 'page', lang: 'en', slug: 'bad-field-probe-target', title: 'Probe target' };
  ids.page = (await data<{ id: string }>('POST', '/content/pages', page, staff)).id;
  const reviews = await call('GET', `/reviews?serviceId=${ids.service}&limit=1`);
  const firstReview = (reviews.data as { id: string }[] | undefined)?.[0];
  if (firstReview) ids.review = firstReview.id;
  const lead = OVERRIDES.createLead?.body?.({} as FieldProbeContext);
  ids.lead = (await data<{ id: string }>('POST', '/leads', lead)).id;
  const checkoutMessages = await data<Record<string, string>>('GET', '/i18n/en/checkout');
  await data('PUT', '/flags/bad-field-probe', FLAG, staff);
  const refreshToken = (await data<{ refreshToken: string }>('POST', '/auth/staff-password-login', { identifier: admin.email, password: admin.password }))
    .refreshToken;
  await data('POST', '/auth/send-otp', { mobile: VERIFY_MOBILE });
  const verifySms = await waitForLog((l) => l.msg === 'sms (dev outbox)' && l.to === VERIFY_MOBILE);

  const paths = pathValues(ids);
  return {
    tokens: { staff, customer },
    staffToken,
    ids,
    termsVersion,
    otp: String(verifySms.text).match(/\b(\d{6})\b/)?.[1] as string,
    refreshToken,
    checkoutMessages,
    pathValue: (opId, param) => paths[opId]?.[param] ?? paths['*']?.[param] ?? '0123456789abcdef01234567',
  };
}
