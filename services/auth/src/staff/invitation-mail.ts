/** The invitation to a new staff account: a link to set the first password (RESET_URL_BASE, 72 h, single use). */
export function invitationMail(link: string, role: string): { subject: string; text: string; html: string } {
  const text = [
    `You have been invited to the Talent Marketplace as ${role}.`,
    '',
    'Set your password here (the link works once, for 72 hours):',
    link,
    '',
    'Then sign in with your email address and that password.',
  ].join('\n');
  const safe = link.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const html = `<!doctype html><html><body><p>You have been invited to the Talent Marketplace as ${role}.</p><p><a href="${safe}">Set your password</a> (the link works once, for 72 hours).</p><p>Then sign in with your email address and that password.</p></body></html>`;
  return { subject: 'Your Talent Marketplace staff account', text, html };
}
