import type { Lang, ServiceKind } from '@tm/contracts';
import type { ServiceCopy } from '../src/domain/model.ts';

type Faq = ServiceCopy['faq'];

/** FAQ entries every service of a kind shares, appended after its own questions. */
export const COMMON_FAQ: Readonly<Record<ServiceKind, Record<Lang, Faq>>> = {
  role: {
    en: [
      {
        question: 'How quickly can someone start?',
        answer: 'Usually within 48 to 72 hours of booking, once we have matched the profile to your stack and time zone.',
      },
      {
        question: 'How are hours billed?',
        answer: 'You pay for the hours booked at the hourly rate of your market. Bookings below the minimum are billed at the minimum hours.',
      },
    ],
    hi: [
      { question: 'काम कितनी जल्दी शुरू हो सकता है?', answer: 'आम तौर पर बुकिंग के 48 से 72 घंटों के भीतर, जब हम प्रोफ़ाइल को आपके टेक स्टैक और टाइम ज़ोन से मिला लेते हैं।' },
      { question: 'घंटों का बिल कैसे बनता है?', answer: 'आप अपने बाज़ार की घंटे की दर पर बुक किए गए घंटों का भुगतान करते हैं। न्यूनतम से कम बुकिंग का बिल न्यूनतम घंटों पर बनता है।' },
    ],
    ar: [
      { question: 'متى يمكن أن يبدأ العمل؟', answer: 'عادةً خلال 48 إلى 72 ساعة من الحجز، بعد مطابقة الملف مع تقنياتكم ومنطقتكم الزمنية.' },
      {
        question: 'كيف تُحتسب الساعات؟',
        answer: 'تدفعون مقابل الساعات المحجوزة بسعر الساعة في سوقكم. الحجوزات الأقل من الحد الأدنى تُحتسب بعدد الساعات الأدنى.',
      },
    ],
    de: [
      {
        question: 'Wie schnell kann es losgehen?',
        answer: 'Meist innerhalb von 48 bis 72 Stunden nach der Buchung, sobald das Profil zu Ihrem Tech-Stack und Ihrer Zeitzone passt.',
      },
      {
        question: 'Wie werden Stunden abgerechnet?',
        answer: 'Sie zahlen die gebuchten Stunden zum Stundensatz Ihres Marktes. Buchungen unter dem Minimum werden mit den Mindeststunden berechnet.',
      },
    ],
  },
  project: {
    en: [
      {
        question: 'Who manages the project?',
        answer: 'A dedicated project manager plans the work, runs weekly check-ins and is your single point of contact.',
      },
      {
        question: 'What if the scope changes?',
        answer: 'Your project manager re-estimates the hours with you before any extra work starts, so there are no surprise invoices.',
      },
    ],
    hi: [
      { question: 'प्रोजेक्ट को कौन सँभालता है?', answer: 'एक समर्पित प्रोजेक्ट मैनेजर काम की योजना बनाता है, हर हफ़्ते बैठक करता है और आपके लिए संपर्क का एकमात्र व्यक्ति होता है।' },
      {
        question: 'अगर काम का दायरा बदल जाए तो?',
        answer: 'कोई भी अतिरिक्त काम शुरू होने से पहले आपका प्रोजेक्ट मैनेजर आपके साथ घंटों का नया अनुमान लगाता है, इसलिए बिल में कोई अचानक बढ़ोतरी नहीं होती।',
      },
    ],
    ar: [
      { question: 'من يدير المشروع؟', answer: 'مدير مشروع مخصص يخطط للعمل ويعقد اجتماعات أسبوعية ويكون جهة الاتصال الوحيدة لكم.' },
      { question: 'ماذا لو تغيّر نطاق العمل؟', answer: 'يعيد مدير المشروع تقدير الساعات معكم قبل بدء أي عمل إضافي، فلا توجد فواتير مفاجئة.' },
    ],
    de: [
      {
        question: 'Wer leitet das Projekt?',
        answer: 'Eine feste Projektleitung plant die Arbeit, führt wöchentliche Abstimmungen durch und ist Ihre zentrale Ansprechperson.',
      },
      {
        question: 'Was passiert, wenn sich der Umfang ändert?',
        answer: 'Ihre Projektleitung schätzt den Aufwand gemeinsam mit Ihnen neu, bevor zusätzliche Arbeit beginnt – ohne Überraschungen auf der Rechnung.',
      },
    ],
  },
};
