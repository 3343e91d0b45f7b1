/** The confirmation of a new email address (PATCH /account/me): a link to EMAIL_CONFIRM_URL_BASE, 24 h, single use. */
export function confirmMail(link: string): { subject: string; text: string; html: string } {
  const safe = link.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return {
    subject: 'Confirm your new Talent Marketplace email',
    text: `Confirm this address for your Talent Marketplace account (the link works once, for 24 hours):\n${link}\n\nIf you did not ask for this, ignore this message.`,
    html: `<!doctype html><html><body><p>Confirm this address for your Talent Marketplace account: <a href="${safe}">confirm</a> (the link works once, for 24 hours).</p><p>If you did not ask for this, ignore this message.</p></body></html>`,
  };
}

/**
 * In place of a confirmation, when another account of the same kind already has the address: the
 * request that asked for it was answered as for any address, so only the mailbox's owner learns it.
 */
export function addressInUseMail(): { subject: string; text: string; html: string } {
  const text =
    'Someone asked to use this address for a Talent Marketplace account, but it already belongs to one, so nothing was changed. If it was you, sign in with this address instead. If not, ignore this message.';
  return { subject: 'Your address is already in use on Talent Marketplace', text, html: `<!doctype html><html><body><p>${text}</p></body></html>` };
}
