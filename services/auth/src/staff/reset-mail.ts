/** The reset mail: a plain-text and an HTML part carrying the same link (built from RESET_URL_BASE). */
export function resetMail(link: string): { subject: string; text: string; html: string } {
  const text = [
    'Someone asked to reset the password of your Talent Marketplace staff account.',
    '',
    `Set a new password here (the link works once, for 30 minutes):`,
    link,
    '',
    'If this was not you, ignore this message: your password stays as it is.',
  ].join('\n');
  const safe = escapeHtml(link);
  const html = `<!doctype html><html><body><p>Someone asked to reset the password of your Talent Marketplace staff account.</p><p><a href="${safe}">Set a new password</a> (the link works once, for 30 minutes).</p><p>If this was not you, ignore this message: your password stays as it is.</p></body></html>`;
  return { subject: 'Reset your Talent Marketplace password', text, html };
}

function escapeHtml(s: string): string {
  return s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
