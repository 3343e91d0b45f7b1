import { describe, expect, it } from 'bun:test';
import { createMasker } from './mask.ts';

const mask = createMasker('https://tm.example');
const H = '[hidden]';

/** [language, what the person wrote, what is stored before the booking is confirmed]. Unchanged rows must not be masked. */
const TABLE: readonly (readonly [lang: 'en' | 'hi' | 'ar' | 'de', text: string, expected: string])[] = [
  // English: contact details
  ['en', 'Mail me at john.doe@gmail.com please', `Mail me at ${H} please`],
  ['en', 'My number is +1 (415) 555-2671, call after 6', `My number is ${H}, call after 6`],
  ['en', 'Call 415.555.2671 tomorrow', `Call ${H} tomorrow`],
  ['en', 'whatsapp me: wa.me/14155552671', `whatsapp me: ${H}`],
  ['en', 'Ping me on telegram t.me/johnny_dev!', `Ping me on telegram ${H}!`],
  ['en', 'Insta is @johnny.codes, DM me', `Insta is ${H}, DM me`],
  ['en', 'See my portfolio at https://johnny.dev/work.', `See my portfolio at ${H}.`],
  ['en', 'Check www.johnnycodes.com for references', `Check ${H} for references`],
  ['en', 'my site: johnnycodes.io/about', `my site: ${H}`],
  ['en', 'Reach me at 4 1 5 5 5 5 2 6 7 1', `Reach me at ${H}`],
  ['en', 'Email: JANE_SMITH+work@Company.co.uk or phone 020-7946-0958', `Email: ${H} or phone ${H}`],
  // English: must not be masked
  ['en', 'The total is $12,500.00 for 3 weeks', 'The total is $12,500.00 for 3 weeks'],
  ['en', 'Budget is USD 1,200,000 for the year', 'Budget is USD 1,200,000 for the year'],
  ['en', 'We start on 2026-11-26 at 10:30', 'We start on 2026-11-26 at 10:30'],
  ['en', 'Booking BK-7Q4M2X9A is paid, thanks!', 'Booking BK-7Q4M2X9A is paid, thanks!'],
  ['en', 'Details are on https://tm.example/bookings/12345678 as usual.', 'Details are on https://tm.example/bookings/12345678 as usual.'],
  ['en', 'We need 2 developers for 3 months, 40 hours a week', 'We need 2 developers for 3 months, 40 hours a week'],
  ['en', 'Meet @ 5pm? Or at 17:00 on 12/24/2026', 'Meet @ 5pm? Or at 17:00 on 12/24/2026'],
  ['en', 'Version 2.14.3 fixed the bug in 1.9', 'Version 2.14.3 fixed the bug in 1.9'],
  // Hindi
  ['hi', 'मेरा नंबर ९८७६५ ४३२१० है', `मेरा नंबर ${H} है`],
  ['hi', 'मुझे 98765-43210 पर कॉल करें', `मुझे ${H} पर कॉल करें`],
  ['hi', 'ईमेल करें: rahul.sharma@yahoo.co.in', `ईमेल करें: ${H}`],
  ['hi', 'व्हाट्सऐप: wa.me/919876543210 पर संदेश भेजें', `व्हाट्सऐप: ${H} पर संदेश भेजें`],
  ['hi', 'मेरा इंस्टाग्राम @rahul_dev है', `मेरा इंस्टाग्राम ${H} है`],
  ['hi', 'नंबर +91 ९८७६५.४३२१० पर संपर्क करें', `नंबर ${H} पर संपर्क करें`],
  ['hi', 'कुल राशि ₹1,50,000 है', 'कुल राशि ₹1,50,000 है'],
  ['hi', 'भुगतान ₹ 2,40,000 हो गया, बुकिंग BK-2M3N4P5Q', 'भुगतान ₹ 2,40,000 हो गया, बुकिंग BK-2M3N4P5Q'],
  ['hi', 'काम २६.११.२०२६ से शुरू होगा', 'काम २६.११.२०२६ से शुरू होगा'],
  ['hi', 'बैठक 10:30 बजे, 15 दिन का काम', 'बैठक 10:30 बजे, 15 दिन का काम'],
  ['hi', 'जानकारी https://tm.example/services/react-developer पर है', 'जानकारी https://tm.example/services/react-developer पर है'],
  // Arabic
  ['ar', 'رقمي ٠٥٠١٢٣٤٥٦٧ اتصل بي', `رقمي ${H} اتصل بي`],
  ['ar', 'هاتفي +971 50 123 4567', `هاتفي ${H}`],
  ['ar', 'راسلني على ahmed.ali@outlook.sa', `راسلني على ${H}`],
  ['ar', 'تواصل عبر t.me/ahmed_ali', `تواصل عبر ${H}`],
  ['ar', 'رقم الجوال ٠٥٥-١٢٣-٤٥٦٧ من فضلك', `رقم الجوال ${H} من فضلك`],
  ['ar', 'حسابي @ahmed_codes على انستغرام', `حسابي ${H} على انستغرام`],
  ['ar', 'السعر ٤٥٠٠ ريال للشهر', 'السعر ٤٥٠٠ ريال للشهر'],
  ['ar', 'المبلغ 12,000 AED شامل الضريبة', 'المبلغ 12,000 AED شامل الضريبة'],
  ['ar', 'نبدأ يوم ٢٠٢٦-١٢-٠١ إن شاء الله', 'نبدأ يوم ٢٠٢٦-١٢-٠١ إن شاء الله'],
  ['ar', 'الحجز BK-9X8W7V6T مؤكد', 'الحجز BK-9X8W7V6T مؤكد'],
  // German
  ['de', 'Ruf mich an: 0151 1234 5678', `Ruf mich an: ${H}`],
  ['de', 'Meine Nummer: +49 (0)30 123456-78', `Meine Nummer: ${H}`],
  ['de', 'Festnetz 030/1234567, mobil 0171.2345678', `Festnetz ${H}, mobil ${H}`],
  ['de', 'Schreib mir an max.mustermann@web.de.', `Schreib mir an ${H}.`],
  ['de', 'Mehr unter http://mustermann-it.de/kontakt, bis bald', `Mehr unter ${H}, bis bald`],
  ['de', 'Der Preis beträgt 1.200,00 € netto', 'Der Preis beträgt 1.200,00 € netto'],
  ['de', 'Gesamt: EUR 1.250.000 für das Projekt', 'Gesamt: EUR 1.250.000 für das Projekt'],
  ['de', 'Start am 01.12.2026 um 09:00 Uhr', 'Start am 01.12.2026 um 09:00 Uhr'],
  ['de', 'Buchung BK-4K5L6M7N ist bezahlt', 'Buchung BK-4K5L6M7N ist bezahlt'],
  ['de', 'Siehe https://tm.example/de/faq?id=1234567', 'Siehe https://tm.example/de/faq?id=1234567'],
  ['de', 'Wir brauchen 3 Entwickler für 6 Monate', 'Wir brauchen 3 Entwickler für 6 Monate'],
];

describe('contact masking before the deal', () => {
  it('has a table of at least 40 real-looking messages in en, hi, ar and de, with rows that must stay as written', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
    for (const lang of ['en', 'hi', 'ar', 'de']) {
      expect(TABLE.filter(([l, text, want]) => l === lang && text === want).length, lang).toBeGreaterThanOrEqual(4);
      expect(TABLE.filter(([l, text, want]) => l === lang && text !== want).length, lang).toBeGreaterThanOrEqual(4);
    }
  });

  for (const [lang, text, expected] of TABLE) {
    it(`${lang}: ${text}`, () => {
      const got = mask(text);
      expect(got.body).toBe(expected);
      expect(got.masked).toBe(text !== expected);
    });
  }

  it("keeps only the site's own host: another host or a look-alike is hidden", () => {
    expect(mask('https://tm.example.evil.com/x').body).toBe(H);
    expect(mask('https://TM.example/Services').body).toBe('https://TM.example/Services');
    expect(mask('http://tm.example:8080/x').body).toBe('http://tm.example:8080/x');
  });

  it('masks a number of 7 digits, not one of 6', () => {
    expect(mask('code 123456 ok').masked).toBe(false);
    expect(mask('code 123-4567 ok').body).toBe(`code ${H} ok`);
  });
});
