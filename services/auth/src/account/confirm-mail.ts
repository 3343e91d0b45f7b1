/** The confirmation of a new email address (PATCH /account/me): a link to EMAIL_CONFIRM_URL_BASE, 24 h, single use. */
export function confirmMail(link: string): { subject: string; text: string; html: string } {
  const safe = link.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return {
    subject: 'Confirm your new Talent Marketplace email',
    text: `Confirm this address for your Talent Marketplace account (the link works once, for 24 hours):\n${link}\n\nIf you did not ask for this, ignore this message.`,
    html: `<!doctype html><html><body><p>Confirm this address for your Talent Marketplace account: <a href="${safe}">confirm</a> (the link works once, for 24 hours).</p><p>If you did not ask for this, ignore this message.</p></body></html>`,
  };
}
