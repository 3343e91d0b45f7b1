import type { Lang, LegalType, Market } from '@tm/contracts';

/**
 * The seed text of version 1 of each document, per language: a fresh start can sell at once,
 * under terms a person can read in their market's language. Lawyers replace them through
 * `POST /api/legal/{type}/versions`; the seed never overwrites a stored version.
 */
type Text = (market: Market) => { title: string; body: string };

const EN: Record<'terms' | 'privacy' | 'refund' | 'talent-agreement', Text> = {
  terms: (m) => ({
    title: `Terms of Service (${m.name})`,
    body: [
      `# Terms of Service`,
      '',
      `These terms apply to every booking made on the Talent Marketplace in ${m.name}. By accepting them you enter a contract with the marketplace operator for the services you book.`,
      '',
      '## Bookings and prices',
      `Prices are quoted in ${m.currency} and include ${m.taxName} where it applies. A quote is valid for 30 minutes; a booking not paid before it expires is cancelled.`,
      '',
      '## Delivery',
      'A project manager is assigned to every paid booking and confirms the work before it starts. You may cancel a booking before work starts; the refund policy says what is refunded.',
      '',
      '## Changes to these terms',
      'A material change is shown to you and must be accepted before your next booking. Corrections that change nothing material apply without a new acceptance.',
    ].join('\n'),
  }),
  privacy: (m) => ({
    title: `Privacy Notice (${m.name})`,
    body: [
      '# Privacy Notice',
      '',
      `We process the data you give us (name, email, mobile number, booking details) to run your bookings in ${m.name}, to take payments and to send receipts.`,
      '',
      '## Your rights',
      'You can export everything we hold about you and delete your account at any time from your account settings. Records we must keep for accounting are kept without your personal data.',
      '',
      '## Processors',
      'Payments are handled by our payment providers; we never store card numbers.',
    ].join('\n'),
  }),
  refund: (m) => ({
    title: `Refund Policy (${m.name})`,
    body: [
      '# Refund Policy',
      '',
      `A paid booking cancelled before work starts is refunded in full, in ${m.currency}, to the payment method used.`,
      '',
      'Once work has started, only an administrator can cancel a booking, and the refund covers the work not yet delivered.',
    ].join('\n'),
  }),
  'talent-agreement': (m) => ({
    title: `Talent Agreement (${m.name})`,
    body: [
      '# Talent Agreement',
      '',
      `This agreement applies to project managers and resources delivering work booked on the Talent Marketplace in ${m.name}.`,
      '',
      'You deliver the work you accept, keep customer data confidential, and are paid for delivered work as agreed with the operator.',
    ].join('\n'),
  }),
};

const HI: Partial<Record<LegalType, Text>> = {
  terms: () => ({
    title: 'सेवा की शर्तें (भारत)',
    body: [
      '# सेवा की शर्तें',
      '',
      'ये शर्तें भारत में टैलेंट मार्केटप्लेस पर की गई हर बुकिंग पर लागू होती हैं। इन्हें स्वीकार करके आप बुक की गई सेवाओं के लिए मार्केटप्लेस संचालक के साथ अनुबंध करते हैं।',
      '',
      '## बुकिंग और कीमतें',
      'कीमतें INR में दी जाती हैं और जहाँ लागू हो वहाँ GST शामिल है। कोटेशन 30 मिनट तक मान्य है; समय रहते भुगतान न होने पर बुकिंग रद्द हो जाती है।',
      '',
      '## शर्तों में बदलाव',
      'कोई भी महत्वपूर्ण बदलाव आपको दिखाया जाएगा और अगली बुकिंग से पहले उसे स्वीकार करना होगा।',
    ].join('\n'),
  }),
  privacy: () => ({
    title: 'गोपनीयता सूचना (भारत)',
    body: [
      '# गोपनीयता सूचना',
      '',
      'हम आपकी दी हुई जानकारी (नाम, ईमेल, मोबाइल नंबर, बुकिंग विवरण) का उपयोग आपकी बुकिंग चलाने, भुगतान लेने और रसीद भेजने के लिए करते हैं।',
      '',
      '## आपके अधिकार',
      'आप किसी भी समय अपना सारा डेटा निर्यात कर सकते हैं और अपना खाता हटा सकते हैं।',
    ].join('\n'),
  }),
  refund: () => ({
    title: 'धनवापसी नीति (भारत)',
    body: ['# धनवापसी नीति', '', 'काम शुरू होने से पहले रद्द की गई भुगतान की हुई बुकिंग की पूरी राशि INR में उसी भुगतान माध्यम पर लौटाई जाती है।'].join('\n'),
  }),
};

const AR: Partial<Record<LegalType, Text>> = {
  terms: () => ({
    title: 'شروط الخدمة (الإمارات العربية المتحدة)',
    body: [
      '# شروط الخدمة',
      '',
      'تسري هذه الشروط على كل حجز يتم عبر سوق المواهب في الإمارات العربية المتحدة. بقبولها تبرم عقدًا مع مشغل السوق للخدمات التي تحجزها.',
      '',
      '## الحجوزات والأسعار',
      'تُعرض الأسعار بالدرهم الإماراتي وتشمل ضريبة القيمة المضافة حيث تنطبق. عرض السعر صالح لمدة 30 دقيقة.',
      '',
      '## تغيير الشروط',
      'يُعرض عليك أي تغيير جوهري ويجب قبوله قبل حجزك التالي.',
    ].join('\n'),
  }),
  privacy: () => ({
    title: 'إشعار الخصوصية (الإمارات العربية المتحدة)',
    body: [
      '# إشعار الخصوصية',
      '',
      'نعالج البيانات التي تقدمها (الاسم والبريد الإلكتروني ورقم الجوال وتفاصيل الحجز) لتنفيذ حجوزاتك وتحصيل المدفوعات وإرسال الإيصالات.',
    ].join('\n'),
  }),
  refund: () => ({
    title: 'سياسة الاسترداد (الإمارات العربية المتحدة)',
    body: ['# سياسة الاسترداد', '', 'يُسترد المبلغ كاملًا بالدرهم الإماراتي لأي حجز مدفوع يُلغى قبل بدء العمل، إلى وسيلة الدفع نفسها.'].join('\n'),
  }),
};

const DE: Partial<Record<LegalType, Text>> = {
  terms: () => ({
    title: 'Allgemeine Geschäftsbedingungen (Deutschland)',
    body: [
      '# Allgemeine Geschäftsbedingungen',
      '',
      'Diese Bedingungen gelten für jede Buchung auf dem Talent Marketplace in Deutschland. Mit der Annahme schließen Sie mit dem Betreiber einen Vertrag über die gebuchten Leistungen.',
      '',
      '## Buchungen und Preise',
      'Preise werden in EUR angegeben und enthalten die Umsatzsteuer. Ein Angebot gilt 30 Minuten; eine nicht rechtzeitig bezahlte Buchung verfällt.',
      '',
      '## Änderungen dieser Bedingungen',
      'Wesentliche Änderungen werden Ihnen angezeigt und gelten erst, wenn Sie sie vor Ihrer nächsten Buchung annehmen. Schweigen gilt nicht als Zustimmung.',
    ].join('\n'),
  }),
  privacy: () => ({
    title: 'Datenschutzerklärung (Deutschland)',
    body: [
      '# Datenschutzerklärung',
      '',
      'Wir verarbeiten Ihre Angaben (Name, E-Mail, Mobilnummer, Buchungsdaten), um Ihre Buchungen durchzuführen, Zahlungen abzuwickeln und Belege zu senden (Art. 6 Abs. 1 lit. b DSGVO).',
      '',
      '## Ihre Rechte',
      'Sie können jederzeit alle Daten exportieren und Ihr Konto löschen.',
    ].join('\n'),
  }),
  refund: () => ({
    title: 'Erstattungsrichtlinie (Deutschland)',
    body: [
      '# Erstattungsrichtlinie',
      '',
      'Eine bezahlte Buchung, die vor Arbeitsbeginn storniert wird, wird vollständig in EUR auf das verwendete Zahlungsmittel erstattet.',
    ].join('\n'),
  }),
};

/** The seed text of `type` in `lang` for `market`, if one is written. */
export function seedText(type: LegalType, lang: Lang, market: Market): { title: string; body: string } | undefined {
  const table: Partial<Record<LegalType, Text>> = lang === 'en' ? EN : lang === 'hi' ? HI : lang === 'ar' ? AR : DE;
  return table[type]?.(market);
}

/** The seeded types: the three a customer meets, and the talent agreement pm and resource accounts are asked for. */
export const SEEDED_TYPES: readonly LegalType[] = ['terms', 'privacy', 'refund', 'talent-agreement'];
