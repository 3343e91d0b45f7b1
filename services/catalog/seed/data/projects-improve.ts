import type { SeedService } from '../types.ts';

/** Project delivery: pipelines, audits, tuning, redesigns and integrations. */
export const PROJECTS_IMPROVE: SeedService[] = [
  {
    slug: 'ci-cd-pipeline-setup',
    kind: 'project',
    category: 'cloud-devops',
    defaultHours: 60,
    minHours: 24,
    rates: { IN: 280000, AE: 30000, DE: 9000, US: 10000, AU: 13500 },
    copy: {
      en: {
        name: 'CI/CD Pipeline Setup',
        summary: 'Every commit built, tested and deployable in minutes.',
        description:
          'We set up continuous integration and delivery on GitHub Actions, GitLab CI or Jenkins: cached builds, parallel tests, preview environments and safe production deploys with one-click rollback.',
        inclusions: [
          'Pipeline design for your repositories',
          'Build caching and parallel test runs',
          'Preview and staging environments',
          'Production deploys with rollback',
        ],
        faq: [
          {
            question: 'Can you speed up our slow pipeline instead of replacing it?',
            answer: 'Yes. We often start by profiling the existing pipeline; caching and test splitting alone frequently halve the run time.',
          },
        ],
      },
      hi: {
        name: 'CI/CD पाइपलाइन सेटअप',
        summary: 'हर कमिट मिनटों में बिल्ड, टेस्ट और डिप्लॉय के लिए तैयार।',
        description:
          'हम GitHub Actions, GitLab CI या Jenkins पर कंटीन्यूअस इंटीग्रेशन और डिलीवरी सेट करते हैं: कैश किए गए बिल्ड, समानांतर टेस्ट, प्रीव्यू एनवायरनमेंट और एक क्लिक में रोलबैक वाले सुरक्षित प्रोडक्शन डिप्लॉय।',
        inclusions: ['आपकी रिपॉज़िटरी के लिए पाइपलाइन डिज़ाइन', 'बिल्ड कैशिंग और समानांतर टेस्ट', 'प्रीव्यू और स्टेजिंग एनवायरनमेंट', 'रोलबैक के साथ प्रोडक्शन डिप्लॉय'],
        faq: [
          {
            question: 'क्या आप हमारी धीमी पाइपलाइन को बदलने के बजाय तेज़ कर सकते हैं?',
            answer: 'हाँ। हम अक्सर मौजूदा पाइपलाइन की प्रोफ़ाइलिंग से शुरू करते हैं; सिर्फ़ कैशिंग और टेस्ट बाँटने से ही समय अक्सर आधा हो जाता है।',
          },
        ],
      },
      ar: {
        name: 'إعداد خط CI/CD',
        summary: 'كل إيداع يُبنى ويُختبر ويصبح جاهزًا للنشر خلال دقائق.',
        description:
          'نُعدّ التكامل والتسليم المستمرين على GitHub Actions أو GitLab CI أو Jenkins: بناء مع تخزين مؤقت، واختبارات متوازية، وبيئات معاينة، ونشر آمن للإنتاج مع تراجع بنقرة واحدة.',
        inclusions: ['تصميم خط العمل لمستودعاتكم', 'تخزين مؤقت للبناء واختبارات متوازية', 'بيئات معاينة وتجهيز', 'نشر للإنتاج مع إمكانية التراجع'],
        faq: [
          {
            question: 'هل يمكنكم تسريع خطنا البطيء بدلًا من استبداله؟',
            answer: 'نعم. نبدأ غالبًا بتحليل الخط الحالي، وكثيرًا ما يقلّص التخزين المؤقت وتقسيم الاختبارات وحدهما الوقت إلى النصف.',
          },
        ],
      },
      de: {
        name: 'CI/CD-Pipeline-Einrichtung',
        summary: 'Jeder Commit in Minuten gebaut, getestet und auslieferbar.',
        description:
          'Wir richten Continuous Integration und Delivery mit GitHub Actions, GitLab CI oder Jenkins ein: gecachte Builds, parallele Tests, Preview-Umgebungen und sichere Produktions-Deployments mit Rollback per Klick.',
        inclusions: [
          'Pipeline-Design für Ihre Repositories',
          'Build-Caching und parallele Testläufe',
          'Preview- und Staging-Umgebungen',
          'Produktions-Deployments mit Rollback',
        ],
        faq: [
          {
            question: 'Können Sie unsere langsame Pipeline beschleunigen, statt sie zu ersetzen?',
            answer: 'Ja. Oft starten wir mit einer Analyse der bestehenden Pipeline; Caching und Test-Splitting halbieren die Laufzeit häufig schon allein.',
          },
        ],
      },
    },
  },
  {
    slug: 'security-audit',
    kind: 'project',
    category: 'security',
    defaultHours: 80,
    minHours: 40,
    // Not offered in AE: local certification for penetration testing pending.
    rates: { IN: 400000, DE: 12500, US: 14000, AU: 18000 },
    copy: {
      en: {
        name: 'Security Audit',
        summary: 'A penetration test and code review with a prioritised fix list.',
        description:
          'Certified testers probe your web app, APIs and cloud configuration against the OWASP Top 10 and beyond, review critical code paths and deliver a clear report with severity ratings and a free retest of the fixes.',
        inclusions: [
          'Web, API and cloud penetration test',
          'Secure code review of critical paths',
          'Report with severity and remediation steps',
          'Free retest after your fixes',
        ],
        faq: [
          {
            question: 'Will testing disturb our production systems?',
            answer: 'We agree on scope, timing and test accounts up front and can run against a staging copy if you prefer.',
          },
        ],
      },
      hi: {
        name: 'सिक्योरिटी ऑडिट',
        summary: 'पेनिट्रेशन टेस्ट और कोड समीक्षा, प्राथमिकता वाली सुधार सूची के साथ।',
        description:
          'प्रमाणित टेस्टर OWASP Top 10 और उससे आगे के आधार पर आपके वेब ऐप, API और क्लाउड कॉन्फ़िगरेशन की जाँच करते हैं, अहम कोड की समीक्षा करते हैं और गंभीरता रेटिंग वाली स्पष्ट रिपोर्ट देते हैं, साथ में सुधारों की मुफ़्त दोबारा जाँच।',
        inclusions: ['वेब, API और क्लाउड पेनिट्रेशन टेस्ट', 'अहम कोड की सुरक्षित कोड समीक्षा', 'गंभीरता और सुधार के चरणों वाली रिपोर्ट', 'आपके सुधारों के बाद मुफ़्त दोबारा जाँच'],
        faq: [
          {
            question: 'क्या टेस्टिंग से हमारे प्रोडक्शन सिस्टम में रुकावट आएगी?',
            answer: 'हम दायरा, समय और टेस्ट अकाउंट पहले से तय करते हैं, और आप चाहें तो स्टेजिंग कॉपी पर जाँच कर सकते हैं।',
          },
        ],
      },
      ar: {
        name: 'تدقيق أمني',
        summary: 'اختبار اختراق ومراجعة للشيفرة مع قائمة إصلاحات مرتّبة حسب الأولوية.',
        description:
          'يفحص مختبرون معتمدون تطبيق الويب والواجهات البرمجية وإعدادات السحابة وفق OWASP Top 10 وما بعده، ويراجعون مسارات الشيفرة الحرجة، ويسلّمون تقريرًا واضحًا بدرجات الخطورة مع إعادة اختبار مجانية بعد الإصلاح.',
        inclusions: [
          'اختبار اختراق للويب والواجهات البرمجية والسحابة',
          'مراجعة أمنية لمسارات الشيفرة الحرجة',
          'تقرير بدرجات الخطورة وخطوات المعالجة',
          'إعادة اختبار مجانية بعد الإصلاحات',
        ],
        faq: [
          {
            question: 'هل سيؤثر الاختبار على أنظمة الإنتاج لدينا؟',
            answer: 'نتفق مسبقًا على النطاق والتوقيت وحسابات الاختبار، ويمكننا الاختبار على نسخة تجريبية إن فضّلتم.',
          },
        ],
      },
      de: {
        name: 'Sicherheitsaudit',
        summary: 'Penetrationstest und Code-Review mit priorisierter Maßnahmenliste.',
        description:
          'Zertifizierte Tester:innen prüfen Ihre Web-App, APIs und Cloud-Konfiguration entlang der OWASP Top 10 und darüber hinaus, reviewen kritische Codepfade und liefern einen klaren Bericht mit Schweregraden – inklusive kostenlosem Retest der Korrekturen.',
        inclusions: [
          'Penetrationstest für Web, API und Cloud',
          'Sicherheits-Review kritischer Codepfade',
          'Bericht mit Schweregraden und Maßnahmen',
          'Kostenloser Retest nach Ihren Fixes',
        ],
        faq: [
          {
            question: 'Stört der Test unsere Produktivsysteme?',
            answer: 'Umfang, Zeitfenster und Testkonten werden vorab vereinbart; auf Wunsch testen wir gegen eine Staging-Kopie.',
          },
        ],
      },
    },
  },
  {
    slug: 'performance-optimization',
    kind: 'project',
    category: 'backend',
    defaultHours: 80,
    minHours: 32,
    rates: { IN: 290000, AE: 31000, DE: 9200, US: 10500, AU: 14000 },
    copy: {
      en: {
        name: 'Performance Optimisation',
        summary: 'Find and fix what makes your app slow, with before-and-after numbers.',
        description:
          'We profile your backend, database and front end under realistic load, fix the slowest queries and hot paths, add caching where it pays off and hand you a report showing the measured improvement.',
        inclusions: ['Load tests and profiling', 'Query and index tuning', 'Caching and front-end performance fixes', 'Before-and-after benchmark report'],
        faq: [
          {
            question: 'What improvement can we expect?',
            answer: 'It depends on the starting point, but response times often drop by half or more; you see the measurements, not promises.',
          },
        ],
      },
      hi: {
        name: 'परफ़ॉर्मेंस ऑप्टिमाइज़ेशन',
        summary: 'पता लगाएँ कि आपका ऐप किस वजह से धीमा है और उसे ठीक करें, पहले और बाद के आँकड़ों के साथ।',
        description:
          'हम वास्तविक लोड में आपके बैकएंड, डेटाबेस और फ़्रंटएंड की प्रोफ़ाइलिंग करते हैं, सबसे धीमी क्वेरी और हॉट पाथ ठीक करते हैं, जहाँ फ़ायदा हो वहाँ कैशिंग जोड़ते हैं और मापे गए सुधार वाली रिपोर्ट देते हैं।',
        inclusions: ['लोड टेस्ट और प्रोफ़ाइलिंग', 'क्वेरी और इंडेक्स ट्यूनिंग', 'कैशिंग और फ़्रंटएंड परफ़ॉर्मेंस सुधार', 'पहले और बाद की बेंचमार्क रिपोर्ट'],
        faq: [
          {
            question: 'हमें कितने सुधार की उम्मीद करनी चाहिए?',
            answer: 'यह शुरुआती स्थिति पर निर्भर है, पर रिस्पॉन्स टाइम अक्सर आधा या उससे भी कम हो जाता है; आपको वादे नहीं, माप दिखते हैं।',
          },
        ],
      },
      ar: {
        name: 'تحسين الأداء',
        summary: 'اكتشف ما يبطئ تطبيقك وأصلحه، مع أرقام قبل التحسين وبعده.',
        description:
          'نحلّل أداء الخادم وقاعدة البيانات والواجهة الأمامية تحت حمل واقعي، ونصلح أبطأ الاستعلامات والمسارات الحرجة، ونضيف التخزين المؤقت حيث يفيد، ونسلّمك تقريرًا بالتحسّن المُقاس.',
        inclusions: ['اختبارات التحميل وتحليل الأداء', 'ضبط الاستعلامات والفهارس', 'التخزين المؤقت وتحسين أداء الواجهة', 'تقرير قياس قبل التحسين وبعده'],
        faq: [
          {
            question: 'ما مقدار التحسّن المتوقع؟',
            answer: 'يعتمد على نقطة البداية، لكن أزمنة الاستجابة تنخفض غالبًا إلى النصف أو أكثر، وترون القياسات لا الوعود.',
          },
        ],
      },
      de: {
        name: 'Performance-Optimierung',
        summary: 'Finden und beheben, was Ihre App langsam macht – mit Vorher-nachher-Zahlen.',
        description:
          'Wir profilen Backend, Datenbank und Frontend unter realistischer Last, beheben die langsamsten Queries und Hot Paths, ergänzen Caching, wo es sich lohnt, und übergeben einen Bericht mit der gemessenen Verbesserung.',
        inclusions: ['Lasttests und Profiling', 'Query- und Index-Tuning', 'Caching und Frontend-Performance-Fixes', 'Benchmark-Bericht vorher und nachher'],
        faq: [
          {
            question: 'Mit welcher Verbesserung können wir rechnen?',
            answer: 'Das hängt vom Ausgangspunkt ab, doch Antwortzeiten sinken oft um die Hälfte oder mehr – Sie sehen Messwerte, keine Versprechen.',
          },
        ],
      },
    },
  },
  {
    slug: 'website-redesign',
    kind: 'project',
    category: 'design',
    defaultHours: 160,
    minHours: 80,
    rates: { IN: 200000, AE: 22000, DE: 7200, US: 8000, AU: 11000 },
    copy: {
      en: {
        name: 'Website Redesign',
        summary: 'A modern, fast and accessible website that turns visitors into customers.',
        description:
          "We audit your current site, redesign it around your customers' questions, rebuild it on a modern CMS and keep your search rankings intact with careful redirects and technical SEO.",
        inclusions: [
          'Content and conversion audit',
          'New visual design and page templates',
          'CMS build with editor training',
          'SEO-safe launch with redirects',
        ],
        faq: [
          {
            question: 'Will we lose our Google rankings?',
            answer: 'Not if the move is planned well: we map every old URL to its new page and monitor search traffic after launch.',
          },
        ],
      },
      hi: {
        name: 'वेबसाइट रीडिज़ाइन',
        summary: 'आधुनिक, तेज़ और सुलभ वेबसाइट, जो विज़िटर को ग्राहक बनाती है।',
        description:
          'हम आपकी मौजूदा साइट का ऑडिट करते हैं, उसे आपके ग्राहकों के सवालों के इर्द-गिर्द नए सिरे से डिज़ाइन करते हैं, आधुनिक CMS पर बनाते हैं और सावधान रीडायरेक्ट व तकनीकी SEO से आपकी सर्च रैंकिंग बरकरार रखते हैं।',
        inclusions: ['कंटेंट और कन्वर्ज़न ऑडिट', 'नया विज़ुअल डिज़ाइन और पेज टेम्पलेट', 'एडिटर ट्रेनिंग के साथ CMS निर्माण', 'रीडायरेक्ट के साथ SEO-सुरक्षित लॉन्च'],
        faq: [
          {
            question: 'क्या हमारी Google रैंकिंग गिर जाएगी?',
            answer: 'अगर बदलाव की योजना ठीक से बने तो नहीं: हम हर पुराने URL को नए पेज से जोड़ते हैं और लॉन्च के बाद सर्च ट्रैफ़िक पर नज़र रखते हैं।',
          },
        ],
      },
      ar: {
        name: 'إعادة تصميم الموقع',
        summary: 'موقع حديث وسريع وسهل الوصول يحوّل الزوار إلى عملاء.',
        description:
          'ندقق موقعك الحالي، ونعيد تصميمه حول أسئلة عملائك، ونبنيه على نظام إدارة محتوى حديث، ونحافظ على ترتيبك في محركات البحث عبر إعادة توجيه مدروسة وتحسين تقني للظهور.',
        inclusions: [
          'تدقيق المحتوى ومعدلات التحويل',
          'تصميم بصري جديد وقوالب صفحات',
          'بناء نظام إدارة المحتوى وتدريب المحررين',
          'إطلاق آمن لمحركات البحث مع إعادة التوجيه',
        ],
        faq: [
          { question: 'هل سنفقد ترتيبنا في Google؟', answer: 'ليس إذا خُطط للانتقال جيدًا: نربط كل رابط قديم بصفحته الجديدة ونراقب زيارات البحث بعد الإطلاق.' },
        ],
      },
      de: {
        name: 'Website-Relaunch',
        summary: 'Eine moderne, schnelle und barrierefreie Website, die Besucher:innen zu Kund:innen macht.',
        description:
          'Wir analysieren Ihre bestehende Seite, gestalten sie rund um die Fragen Ihrer Kundschaft neu, bauen sie auf einem modernen CMS auf und sichern Ihre Suchmaschinen-Rankings mit sorgfältigen Weiterleitungen und technischem SEO.',
        inclusions: [
          'Content- und Conversion-Audit',
          'Neues Design und Seitenvorlagen',
          'CMS-Umsetzung mit Redaktionsschulung',
          'SEO-sicherer Launch mit Weiterleitungen',
        ],
        faq: [
          {
            question: 'Verlieren wir unsere Google-Rankings?',
            answer: 'Nicht bei guter Planung: Jede alte URL wird auf die neue Seite weitergeleitet, und der Suchtraffic wird nach dem Launch überwacht.',
          },
        ],
      },
    },
  },
  {
    slug: 'api-integration',
    kind: 'project',
    category: 'backend',
    defaultHours: 60,
    minHours: 20,
    rates: { IN: 240000, AE: 26000, DE: 8000, US: 9000, AU: 12500 },
    copy: {
      en: {
        name: 'API Integration',
        summary: 'Connect your product to payment, CRM, ERP or logistics APIs the right way.',
        description:
          'We integrate third-party APIs with proper authentication, retries, idempotency and webhooks, add monitoring for failed calls and document the integration so your team can maintain it.',
        inclusions: [
          'Integration design and data mapping',
          'Retries, idempotency and webhook handling',
          'Sandbox and production testing',
          'Monitoring and runbook',
        ],
        faq: [
          {
            question: 'Which APIs have you integrated before?',
            answer: 'Payment gateways, CRMs such as Salesforce and HubSpot, ERPs, shipping carriers, SMS and email providers, among many others.',
          },
        ],
      },
      hi: {
        name: 'API इंटीग्रेशन',
        summary: 'अपने प्रोडक्ट को पेमेंट, CRM, ERP या लॉजिस्टिक्स API से सही तरीक़े से जोड़ें।',
        description:
          'हम थर्ड-पार्टी API को सही ऑथेंटिकेशन, रीट्राई, आइडेम्पोटेंसी और वेबहुक के साथ जोड़ते हैं, असफल कॉल की मॉनिटरिंग जोड़ते हैं और इंटीग्रेशन का दस्तावेज़ बनाते हैं ताकि आपकी टीम उसे सँभाल सके।',
        inclusions: ['इंटीग्रेशन डिज़ाइन और डेटा मैपिंग', 'रीट्राई, आइडेम्पोटेंसी और वेबहुक हैंडलिंग', 'सैंडबॉक्स और प्रोडक्शन टेस्टिंग', 'मॉनिटरिंग और रनबुक'],
        faq: [{ question: 'आपने पहले कौन-से API जोड़े हैं?', answer: 'पेमेंट गेटवे, Salesforce और HubSpot जैसे CRM, ERP, शिपिंग कंपनियाँ, SMS और ईमेल प्रदाता, और बहुत कुछ।' }],
      },
      ar: {
        name: 'تكامل الواجهات البرمجية',
        summary: 'اربط منتجك بواجهات الدفع أو إدارة العملاء أو تخطيط الموارد أو الشحن بالطريقة الصحيحة.',
        description:
          'ندمج واجهات الجهات الخارجية مع مصادقة سليمة وإعادة محاولة وعدم تكرار العمليات واستقبال الإشعارات، ونضيف مراقبة للطلبات الفاشلة، ونوثّق التكامل ليتمكن فريقك من صيانته.',
        inclusions: [
          'تصميم التكامل ومطابقة البيانات',
          'إعادة المحاولة ومنع التكرار ومعالجة الإشعارات',
          'اختبار في بيئة التجربة والإنتاج',
          'المراقبة ودليل التشغيل',
        ],
        faq: [
          {
            question: 'ما الواجهات التي دمجتموها من قبل؟',
            answer: 'بوابات الدفع، وأنظمة إدارة العملاء مثل Salesforce وHubSpot، وأنظمة تخطيط الموارد، وشركات الشحن، ومزوّدو الرسائل والبريد، وغيرها الكثير.',
          },
        ],
      },
      de: {
        name: 'API-Integration',
        summary: 'Binden Sie Ihr Produkt sauber an Zahlungs-, CRM-, ERP- oder Logistik-APIs an.',
        description:
          'Wir integrieren Drittanbieter-APIs mit korrekter Authentifizierung, Retries, Idempotenz und Webhooks, überwachen fehlgeschlagene Aufrufe und dokumentieren die Integration, damit Ihr Team sie selbst pflegen kann.',
        inclusions: [
          'Integrationsdesign und Datenmapping',
          'Retries, Idempotenz und Webhook-Verarbeitung',
          'Tests in Sandbox und Produktion',
          'Monitoring und Runbook',
        ],
        faq: [
          {
            question: 'Welche APIs haben Sie schon integriert?',
            answer: 'Zahlungsanbieter, CRMs wie Salesforce und HubSpot, ERP-Systeme, Versanddienstleister, SMS- und E-Mail-Dienste und viele mehr.',
          },
        ],
      },
    },
  },
  {
    slug: 'kubernetes-setup',
    kind: 'project',
    category: 'cloud-devops',
    defaultHours: 100,
    minHours: 40,
    rates: { IN: 320000, AE: 34000, DE: 10500, US: 12000, AU: 15500 },
    copy: {
      en: {
        name: 'Kubernetes Setup',
        summary: 'A production-ready cluster your team can actually operate.',
        description:
          'We set up managed Kubernetes (EKS, AKS or GKE) with GitOps deployments, autoscaling, secrets management, observability and sensible security defaults, then train your team to run it day to day.',
        inclusions: [
          'Managed cluster with infrastructure as code',
          'GitOps deployments with Argo CD or Flux',
          'Autoscaling, secrets and network policies',
          'Observability stack and team training',
        ],
        faq: [
          {
            question: 'Do we really need Kubernetes?',
            answer: 'Not always. If a simpler platform fits your scale better, we will say so in the first week, before most of the hours are spent.',
          },
        ],
      },
      hi: {
        name: 'Kubernetes सेटअप',
        summary: 'प्रोडक्शन के लिए तैयार क्लस्टर, जिसे आपकी टीम सच में चला सके।',
        description:
          'हम GitOps डिप्लॉयमेंट, ऑटोस्केलिंग, सीक्रेट मैनेजमेंट, ऑब्ज़र्वेबिलिटी और सही सुरक्षा डिफ़ॉल्ट के साथ मैनेज्ड Kubernetes (EKS, AKS या GKE) सेट करते हैं, फिर आपकी टीम को इसे रोज़ चलाने का प्रशिक्षण देते हैं।',
        inclusions: [
          'इन्फ़्रास्ट्रक्चर ऐज़ कोड के साथ मैनेज्ड क्लस्टर',
          'Argo CD या Flux से GitOps डिप्लॉयमेंट',
          'ऑटोस्केलिंग, सीक्रेट और नेटवर्क पॉलिसी',
          'ऑब्ज़र्वेबिलिटी स्टैक और टीम ट्रेनिंग',
        ],
        faq: [
          {
            question: 'क्या हमें सच में Kubernetes चाहिए?',
            answer: 'हमेशा नहीं। अगर कोई सरल प्लेटफ़ॉर्म आपके पैमाने के लिए बेहतर है, तो हम पहले हफ़्ते में ही बता देंगे, ज़्यादातर घंटे ख़र्च होने से पहले।',
          },
        ],
      },
      ar: {
        name: 'إعداد Kubernetes',
        summary: 'عنقود جاهز للإنتاج يستطيع فريقك تشغيله فعلًا.',
        description:
          'نُعدّ Kubernetes مُدارًا (EKS أو AKS أو GKE) مع نشر بأسلوب GitOps، وتوسّع تلقائي، وإدارة للأسرار، وأدوات مراقبة، وإعدادات أمان مدروسة، ثم ندرّب فريقك على تشغيله يوميًا.',
        inclusions: ['عنقود مُدار مع البنية التحتية كشيفرة', 'نشر GitOps عبر Argo CD أو Flux', 'توسّع تلقائي وأسرار وسياسات شبكة', 'منظومة مراقبة وتدريب الفريق'],
        faq: [
          {
            question: 'هل نحتاج فعلًا إلى Kubernetes؟',
            answer: 'ليس دائمًا. إذا كانت منصة أبسط تناسب حجمكم أكثر، سنخبركم بذلك في الأسبوع الأول قبل صرف معظم الساعات.',
          },
        ],
      },
      de: {
        name: 'Kubernetes-Einrichtung',
        summary: 'Ein produktionsreifer Cluster, den Ihr Team wirklich betreiben kann.',
        description:
          'Wir richten Managed Kubernetes (EKS, AKS oder GKE) mit GitOps-Deployments, Autoscaling, Secrets-Management, Observability und sinnvollen Sicherheitsvorgaben ein und schulen Ihr Team für den täglichen Betrieb.',
        inclusions: [
          'Managed Cluster mit Infrastructure as Code',
          'GitOps-Deployments mit Argo CD oder Flux',
          'Autoscaling, Secrets und Network Policies',
          'Observability-Stack und Teamschulung',
        ],
        faq: [
          {
            question: 'Brauchen wir wirklich Kubernetes?',
            answer:
              'Nicht immer. Passt eine einfachere Plattform besser zu Ihrer Größe, sagen wir das in der ersten Woche – bevor der Großteil der Stunden verbraucht ist.',
          },
        ],
      },
    },
  },
];
