import type { SeedService } from '../types.ts';

/** Project delivery: product builds and migrations. */
export const PROJECTS_BUILD: SeedService[] = [
  {
    slug: 'mvp-build',
    kind: 'project',
    category: 'product-delivery',
    defaultHours: 320,
    minHours: 160,
    rates: { IN: 280000, AE: 30000, DE: 9000, US: 10000, AU: 13500 },
    copy: {
      en: {
        name: 'MVP Build',
        summary: 'From idea to a launched minimum viable product in about eight weeks.',
        description:
          'A small team led by a project manager scopes your core user journey, designs it, builds a web or mobile MVP on a proven stack and launches it with analytics, so you can learn from real users quickly.',
        inclusions: [
          'Discovery workshop and prioritised scope',
          'UX design of the core journey',
          'Web or mobile app with admin panel',
          'Launch, analytics and two weeks of fixes',
        ],
        faq: [{ question: 'Do we own the code?', answer: 'Yes. The code lives in your repository from the first commit and all rights transfer to you.' }],
      },
      hi: {
        name: 'MVP निर्माण',
        summary: 'लगभग आठ हफ़्तों में आइडिया से लॉन्च किए गए मिनिमम वायबल प्रोडक्ट तक।',
        description:
          'प्रोजेक्ट मैनेजर के नेतृत्व में एक छोटी टीम आपकी मुख्य यूज़र जर्नी का दायरा तय करती है, उसे डिज़ाइन करती है, भरोसेमंद टेक स्टैक पर वेब या मोबाइल MVP बनाती है और एनालिटिक्स के साथ लॉन्च करती है, ताकि आप असली यूज़र्स से जल्दी सीख सकें।',
        inclusions: [
          'डिस्कवरी वर्कशॉप और प्राथमिकता वाला दायरा',
          'मुख्य यूज़र जर्नी का UX डिज़ाइन',
          'एडमिन पैनल के साथ वेब या मोबाइल ऐप',
          'लॉन्च, एनालिटिक्स और दो हफ़्ते के सुधार',
        ],
        faq: [{ question: 'क्या कोड हमारा होगा?', answer: 'हाँ। पहले कमिट से ही कोड आपकी रिपॉज़िटरी में रहता है और सभी अधिकार आपको मिलते हैं।' }],
      },
      ar: {
        name: 'بناء منتج أولي (MVP)',
        summary: 'من الفكرة إلى إطلاق منتج أولي قابل للتطبيق في نحو ثمانية أسابيع.',
        description:
          'فريق صغير يقوده مدير مشروع يحدد رحلة المستخدم الأساسية ويصممها، ويبني منتجًا أوليًا للويب أو الجوال بتقنيات مجرّبة، ويطلقه مع أدوات التحليل لتتعلم من المستخدمين الحقيقيين بسرعة.',
        inclusions: [
          'ورشة استكشاف ونطاق مرتب حسب الأولوية',
          'تصميم تجربة المستخدم للرحلة الأساسية',
          'تطبيق ويب أو جوال مع لوحة إدارة',
          'الإطلاق والتحليلات وأسبوعان من الإصلاحات',
        ],
        faq: [{ question: 'هل نملك الشيفرة المصدرية؟', answer: 'نعم. تكون الشيفرة في مستودعكم منذ أول إيداع، وتنتقل إليكم جميع الحقوق.' }],
      },
      de: {
        name: 'MVP-Entwicklung',
        summary: 'Von der Idee zum gelaunchten Minimum Viable Product in rund acht Wochen.',
        description:
          'Ein kleines Team unter Leitung einer Projektmanagerin oder eines Projektmanagers grenzt Ihre zentrale User Journey ab, gestaltet sie, baut ein Web- oder Mobile-MVP auf bewährtem Stack und bringt es mit Analytics live – damit Sie schnell von echten Nutzer:innen lernen.',
        inclusions: [
          'Discovery-Workshop und priorisierter Umfang',
          'UX-Design der Kern-Journey',
          'Web- oder Mobile-App mit Admin-Bereich',
          'Launch, Analytics und zwei Wochen Bugfixing',
        ],
        faq: [{ question: 'Gehört uns der Code?', answer: 'Ja. Der Code liegt ab dem ersten Commit in Ihrem Repository, alle Rechte gehen auf Sie über.' }],
      },
    },
  },
  {
    slug: 'cloud-migration',
    kind: 'project',
    category: 'cloud-devops',
    defaultHours: 240,
    minHours: 80,
    rates: { IN: 320000, AE: 34000, DE: 10500, US: 12000, AU: 15500 },
    copy: {
      en: {
        name: 'Cloud Migration',
        summary: 'Move from on-premise or another cloud with a tested plan and no surprise downtime.',
        description:
          'We inventory your applications and data, choose the right migration path for each (rehost, replatform or refactor), rehearse the cut-over and move you to AWS, Azure or Google Cloud with a rollback plan at every step.',
        inclusions: [
          'Application and data inventory',
          'Migration plan with cost estimate',
          'Rehearsed cut-over and rollback plan',
          'Post-migration monitoring and tuning',
        ],
        faq: [
          {
            question: 'Will our services go offline during the move?',
            answer: 'We plan cut-overs for near-zero downtime; where a short window is unavoidable, it is agreed with you in advance.',
          },
        ],
      },
      hi: {
        name: 'क्लाउड माइग्रेशन',
        summary: 'ऑन-प्रिमाइस या किसी दूसरे क्लाउड से जाँची-परखी योजना के साथ, बिना अचानक डाउनटाइम के।',
        description:
          'हम आपके ऐप्लिकेशन और डेटा की सूची बनाते हैं, हर एक के लिए सही माइग्रेशन तरीक़ा चुनते हैं (rehost, replatform या refactor), कट-ओवर का अभ्यास करते हैं और हर चरण पर रोलबैक योजना के साथ आपको AWS, Azure या Google Cloud पर ले जाते हैं।',
        inclusions: ['ऐप्लिकेशन और डेटा की सूची', 'लागत अनुमान के साथ माइग्रेशन योजना', 'अभ्यास किया हुआ कट-ओवर और रोलबैक योजना', 'माइग्रेशन के बाद मॉनिटरिंग और ट्यूनिंग'],
        faq: [
          {
            question: 'क्या माइग्रेशन के दौरान हमारी सर्विस बंद रहेंगी?',
            answer: 'हम लगभग शून्य डाउनटाइम के लिए कट-ओवर की योजना बनाते हैं; जहाँ छोटा विराम ज़रूरी हो, उसे पहले से आपके साथ तय किया जाता है।',
          },
        ],
      },
      ar: {
        name: 'الترحيل إلى السحابة',
        summary: 'انتقل من الخوادم المحلية أو سحابة أخرى بخطة مُختبرة ودون توقف مفاجئ.',
        description:
          'نحصر تطبيقاتك وبياناتك، ونختار مسار الترحيل المناسب لكل منها (إعادة الاستضافة أو تغيير المنصة أو إعادة البناء)، ونتدرّب على التحويل، وننقلك إلى AWS أو Azure أو Google Cloud مع خطة تراجع في كل خطوة.',
        inclusions: ['حصر التطبيقات والبيانات', 'خطة ترحيل مع تقدير للتكلفة', 'تحويل مُجرَّب وخطة تراجع', 'مراقبة وضبط بعد الترحيل'],
        faq: [{ question: 'هل ستتوقف خدماتنا أثناء النقل؟', answer: 'نخطط للتحويل بحيث يكون التوقف شبه معدوم، وإذا لزمت نافذة قصيرة نتفق عليها معكم مسبقًا.' }],
      },
      de: {
        name: 'Cloud-Migration',
        summary: 'Umzug aus dem eigenen Rechenzentrum oder einer anderen Cloud – mit erprobtem Plan und ohne böse Überraschungen.',
        description:
          'Wir erfassen Ihre Anwendungen und Daten, wählen für jede den passenden Migrationsweg (Rehost, Replatform oder Refactor), proben die Umstellung und bringen Sie mit Rückfallplan für jeden Schritt zu AWS, Azure oder Google Cloud.',
        inclusions: [
          'Bestandsaufnahme von Anwendungen und Daten',
          'Migrationsplan mit Kostenschätzung',
          'Geprobte Umstellung mit Rückfallplan',
          'Monitoring und Feintuning nach der Migration',
        ],
        faq: [
          {
            question: 'Sind unsere Dienste während des Umzugs offline?',
            answer: 'Wir planen Umstellungen mit nahezu null Ausfallzeit; ist ein kurzes Wartungsfenster unvermeidbar, wird es vorab mit Ihnen abgestimmt.',
          },
        ],
      },
    },
  },
  {
    slug: 'ecommerce-store-build',
    kind: 'project',
    category: 'product-delivery',
    defaultHours: 200,
    minHours: 100,
    // Not offered in US: no local payments and sales-tax partner yet.
    rates: { IN: 220000, AE: 24000, DE: 7800, AU: 11500 },
    copy: {
      en: {
        name: 'E-commerce Store Build',
        summary: 'A fast online store with local payments, shipping and taxes set up for your market.',
        description:
          'We build your store on Shopify, WooCommerce or a headless stack, connect local payment methods and shipping partners, migrate your catalogue and make sure checkout works flawlessly on mobile.',
        inclusions: [
          'Store design and theme setup',
          'Local payment and shipping integration',
          'Product catalogue migration',
          'Checkout testing and launch support',
        ],
        faq: [
          {
            question: 'Which payment methods can you connect?',
            answer: 'Cards, UPI, wallets and buy-now-pay-later options, depending on the providers available in your market.',
          },
        ],
      },
      hi: {
        name: 'ई-कॉमर्स स्टोर निर्माण',
        summary: 'तेज़ ऑनलाइन स्टोर, जिसमें आपके बाज़ार के लिए लोकल पेमेंट, शिपिंग और टैक्स सेट हों।',
        description:
          'हम आपका स्टोर Shopify, WooCommerce या हेडलेस स्टैक पर बनाते हैं, लोकल पेमेंट तरीक़े और शिपिंग पार्टनर जोड़ते हैं, आपका प्रोडक्ट कैटलॉग लाते हैं और पक्का करते हैं कि मोबाइल पर चेकआउट बिना रुकावट चले।',
        inclusions: ['स्टोर डिज़ाइन और थीम सेटअप', 'लोकल पेमेंट और शिपिंग इंटीग्रेशन', 'प्रोडक्ट कैटलॉग माइग्रेशन', 'चेकआउट टेस्टिंग और लॉन्च सहायता'],
        faq: [{ question: 'आप कौन-से पेमेंट तरीक़े जोड़ सकते हैं?', answer: 'कार्ड, UPI, वॉलेट और अभी ख़रीदें-बाद में चुकाएँ विकल्प, आपके बाज़ार में उपलब्ध प्रदाताओं के अनुसार।' }],
      },
      ar: {
        name: 'بناء متجر إلكتروني',
        summary: 'متجر إلكتروني سريع مع وسائل دفع وشحن وضرائب محلية مُعدّة لسوقك.',
        description:
          'نبني متجرك على Shopify أو WooCommerce أو بنية منفصلة الواجهة، ونربط وسائل الدفع المحلية وشركاء الشحن، وننقل كتالوج منتجاتك، ونتأكد من أن إتمام الشراء يعمل بسلاسة على الجوال.',
        inclusions: ['تصميم المتجر وإعداد القالب', 'ربط الدفع والشحن المحليين', 'نقل كتالوج المنتجات', 'اختبار صفحة الدفع ودعم الإطلاق'],
        faq: [
          {
            question: 'ما وسائل الدفع التي يمكنكم ربطها؟',
            answer: 'البطاقات والمحافظ الرقمية وخيارات اشترِ الآن وادفع لاحقًا، بحسب المزوّدين المتاحين في سوقكم.',
          },
        ],
      },
      de: {
        name: 'Onlineshop-Entwicklung',
        summary: 'Ein schneller Onlineshop mit lokalen Zahlarten, Versand und Steuern für Ihren Markt.',
        description:
          'Wir bauen Ihren Shop mit Shopify, WooCommerce oder headless, binden lokale Zahlarten und Versanddienstleister an, übernehmen Ihren Produktkatalog und sorgen dafür, dass der Checkout auf dem Smartphone reibungslos funktioniert.',
        inclusions: [
          'Shop-Design und Theme-Einrichtung',
          'Anbindung lokaler Zahlarten und Versanddienste',
          'Migration des Produktkatalogs',
          'Checkout-Tests und Launch-Begleitung',
        ],
        faq: [
          {
            question: 'Welche Zahlarten können Sie anbinden?',
            answer: 'Karten, PayPal, SEPA-Lastschrift, Wallets und Ratenkauf – je nach Anbietern in Ihrem Markt.',
          },
        ],
      },
    },
  },
  {
    slug: 'mobile-app-build',
    kind: 'project',
    category: 'mobile',
    defaultHours: 400,
    minHours: 200,
    rates: { IN: 260000, AE: 28000, DE: 8600, US: 9500, AU: 13000 },
    copy: {
      en: {
        name: 'Mobile App Build',
        summary: 'A complete iOS and Android app, designed, built and published for you.',
        description:
          'A managed team designs your app, builds it natively or with Flutter or React Native, connects it to your backend, and takes care of store listings, review and release so your app reaches customers on both platforms.',
        inclusions: [
          'UX and UI design for both platforms',
          'iOS and Android app development',
          'Backend and push notification integration',
          'App Store and Google Play publishing',
        ],
        faq: [
          {
            question: 'Native or cross-platform: which do you recommend?',
            answer: 'It depends on your features and team. Your project manager compares both in the discovery phase, with cost and timeline for each.',
          },
        ],
      },
      hi: {
        name: 'मोबाइल ऐप निर्माण',
        summary: 'पूरा iOS और Android ऐप, आपके लिए डिज़ाइन, निर्मित और प्रकाशित।',
        description:
          'एक प्रबंधित टीम आपका ऐप डिज़ाइन करती है, उसे नेटिव या Flutter या React Native से बनाती है, आपके बैकएंड से जोड़ती है और स्टोर लिस्टिंग, समीक्षा और रिलीज़ सँभालती है, ताकि आपका ऐप दोनों प्लेटफ़ॉर्म पर ग्राहकों तक पहुँचे।',
        inclusions: ['दोनों प्लेटफ़ॉर्म के लिए UX और UI डिज़ाइन', 'iOS और Android ऐप डेवलपमेंट', 'बैकएंड और पुश नोटिफ़िकेशन इंटीग्रेशन', 'App Store और Google Play पर प्रकाशन'],
        faq: [
          {
            question: 'नेटिव या क्रॉस-प्लेटफ़ॉर्म: आप क्या सुझाते हैं?',
            answer: 'यह आपके फ़ीचर और टीम पर निर्भर है। डिस्कवरी चरण में आपका प्रोजेक्ट मैनेजर दोनों की लागत और समय-सीमा के साथ तुलना करता है।',
          },
        ],
      },
      ar: {
        name: 'بناء تطبيق جوال',
        summary: 'تطبيق كامل لنظامي iOS وAndroid، نصممه ونبنيه وننشره لك.',
        description:
          'فريق مُدار يصمم تطبيقك، ويبنيه بشكل أصلي أو باستخدام Flutter أو React Native، ويربطه بخادمك، ويتولى صفحات المتاجر والمراجعة والإصدار ليصل تطبيقك إلى العملاء على المنصتين.',
        inclusions: [
          'تصميم تجربة وواجهة المستخدم للمنصتين',
          'تطوير تطبيقي iOS وAndroid',
          'الربط بالخادم والإشعارات الفورية',
          'النشر على App Store وGoogle Play',
        ],
        faq: [
          {
            question: 'تطبيق أصلي أم متعدد المنصات: بماذا تنصحون؟',
            answer: 'يعتمد ذلك على الميزات والفريق. يقارن مدير المشروع الخيارين في مرحلة الاستكشاف مع التكلفة والجدول الزمني لكل منهما.',
          },
        ],
      },
      de: {
        name: 'Mobile-App-Entwicklung',
        summary: 'Eine komplette iOS- und Android-App – gestaltet, entwickelt und veröffentlicht.',
        description:
          'Ein betreutes Team gestaltet Ihre App, entwickelt sie nativ oder mit Flutter bzw. React Native, bindet sie an Ihr Backend an und übernimmt Store-Einträge, Review und Release, damit Ihre App auf beiden Plattformen ankommt.',
        inclusions: [
          'UX- und UI-Design für beide Plattformen',
          'Entwicklung der iOS- und Android-App',
          'Anbindung von Backend und Push-Nachrichten',
          'Veröffentlichung im App Store und bei Google Play',
        ],
        faq: [
          {
            question: 'Nativ oder Cross-Platform – was empfehlen Sie?',
            answer: 'Das hängt von Features und Team ab. In der Discovery-Phase vergleicht Ihre Projektleitung beide Wege mit Kosten und Zeitplan.',
          },
        ],
      },
    },
  },
  {
    slug: 'data-warehouse-setup',
    kind: 'project',
    category: 'data-ai',
    defaultHours: 240,
    minHours: 120,
    // Not offered in AE: data residency partner not in place yet.
    rates: { IN: 300000, DE: 9800, US: 11000, AU: 14500 },
    copy: {
      en: {
        name: 'Data Warehouse Setup',
        summary: 'One trusted source for your business numbers, with dashboards on top.',
        description:
          'We connect your product database, CRM, payments and marketing tools to a cloud warehouse, model the data with dbt, and deliver the first dashboards your leadership team actually uses.',
        inclusions: ['Source connectors and ingestion', 'Warehouse data model with dbt', 'Data quality checks and documentation', 'Three starter dashboards'],
        faq: [
          {
            question: 'How long until we see the first dashboard?',
            answer: 'Usually within three to four weeks; the first source is connected in the first sprint.',
          },
        ],
      },
      hi: {
        name: 'डेटा वेयरहाउस सेटअप',
        summary: 'आपके बिज़नेस के आँकड़ों का एक भरोसेमंद स्रोत, ऊपर से डैशबोर्ड के साथ।',
        description:
          'हम आपके प्रोडक्ट डेटाबेस, CRM, पेमेंट और मार्केटिंग टूल को क्लाउड वेयरहाउस से जोड़ते हैं, dbt से डेटा मॉडल बनाते हैं और पहले डैशबोर्ड तैयार करते हैं, जिन्हें आपकी लीडरशिप टीम सच में इस्तेमाल करती है।',
        inclusions: ['सोर्स कनेक्टर और डेटा इनजेशन', 'dbt से वेयरहाउस डेटा मॉडल', 'डेटा गुणवत्ता जाँच और दस्तावेज़', 'तीन शुरुआती डैशबोर्ड'],
        faq: [{ question: 'पहला डैशबोर्ड कितने समय में दिखेगा?', answer: 'आम तौर पर तीन से चार हफ़्तों में; पहले स्प्रिंट में ही पहला स्रोत जोड़ दिया जाता है।' }],
      },
      ar: {
        name: 'إعداد مستودع بيانات',
        summary: 'مصدر واحد موثوق لأرقام أعمالك، مع لوحات معلومات جاهزة.',
        description:
          'نربط قاعدة بيانات منتجك ونظام إدارة العملاء والمدفوعات وأدوات التسويق بمستودع بيانات سحابي، وننمذج البيانات باستخدام dbt، ونسلّم أولى لوحات المعلومات التي يستخدمها فريق القيادة فعلًا.',
        inclusions: ['موصلات المصادر واستيعاب البيانات', 'نموذج بيانات المستودع عبر dbt', 'فحوصات الجودة والتوثيق', 'ثلاث لوحات معلومات أولية'],
        faq: [{ question: 'متى نرى أول لوحة معلومات؟', answer: 'عادةً خلال ثلاثة إلى أربعة أسابيع، ويُربط أول مصدر في أول دورة عمل.' }],
      },
      de: {
        name: 'Data-Warehouse-Aufbau',
        summary: 'Eine verlässliche Quelle für Ihre Geschäftszahlen – mit Dashboards obendrauf.',
        description:
          'Wir verbinden Produktdatenbank, CRM, Zahlungsdaten und Marketing-Tools mit einem Cloud Data Warehouse, modellieren die Daten mit dbt und liefern die ersten Dashboards, die Ihre Geschäftsführung wirklich nutzt.',
        inclusions: ['Konnektoren und Datenimport', 'Datenmodell im Warehouse mit dbt', 'Datenqualitätsprüfungen und Dokumentation', 'Drei Start-Dashboards'],
        faq: [
          {
            question: 'Wann sehen wir das erste Dashboard?',
            answer: 'Meist nach drei bis vier Wochen; die erste Quelle wird bereits im ersten Sprint angebunden.',
          },
        ],
      },
    },
  },
  {
    slug: 'ai-chatbot-integration',
    kind: 'project',
    category: 'data-ai',
    defaultHours: 120,
    minHours: 60,
    rates: { IN: 340000, AE: 36000, DE: 10500, US: 12000, AU: 15500 },
    copy: {
      en: {
        name: 'AI Chatbot Integration',
        summary: 'A support or sales assistant that answers from your own content, safely.',
        description:
          'We build an LLM-powered assistant grounded in your help centre, product data and policies, add guardrails and human handover, and put it on your website, app or WhatsApp with analytics on every conversation.',
        inclusions: [
          'Knowledge base ingestion and retrieval',
          'Guardrails and human handover',
          'Website, app or messaging channel',
          'Conversation analytics and evaluation',
        ],
        faq: [
          {
            question: 'Can the chatbot answer in several languages?',
            answer: 'Yes. It can answer in English, Hindi, Arabic, German and more, and we test each language you launch.',
          },
        ],
      },
      hi: {
        name: 'AI चैटबॉट इंटीग्रेशन',
        summary: 'सपोर्ट या सेल्स असिस्टेंट, जो सुरक्षित तरीक़े से आपकी अपनी सामग्री से जवाब देता है।',
        description:
          'हम LLM पर आधारित असिस्टेंट बनाते हैं जो आपके हेल्प सेंटर, प्रोडक्ट डेटा और नीतियों पर टिका हो, उसमें सुरक्षा नियम और इंसान को बातचीत सौंपने की सुविधा जोड़ते हैं, और उसे हर बातचीत के एनालिटिक्स के साथ आपकी वेबसाइट, ऐप या WhatsApp पर लगाते हैं।',
        inclusions: ['नॉलेज बेस इनजेशन और रिट्रीवल', 'सुरक्षा नियम और इंसान को हैंडओवर', 'वेबसाइट, ऐप या मैसेजिंग चैनल', 'बातचीत एनालिटिक्स और मूल्यांकन'],
        faq: [
          {
            question: 'क्या चैटबॉट कई भाषाओं में जवाब दे सकता है?',
            answer: 'हाँ। यह अंग्रेज़ी, हिंदी, अरबी, जर्मन और अन्य भाषाओं में जवाब दे सकता है, और हम लॉन्च होने वाली हर भाषा की जाँच करते हैं।',
          },
        ],
      },
      ar: {
        name: 'دمج روبوت محادثة بالذكاء الاصطناعي',
        summary: 'مساعد دعم أو مبيعات يجيب من محتواك الخاص بأمان.',
        description:
          'نبني مساعدًا يعمل بنماذج لغوية كبيرة ويستند إلى مركز المساعدة وبيانات المنتجات والسياسات لديك، ونضيف ضوابط أمان وتحويلًا إلى موظف بشري، ونطلقه على موقعك أو تطبيقك أو واتساب مع تحليلات لكل محادثة.',
        inclusions: [
          'استيعاب قاعدة المعرفة والاسترجاع منها',
          'ضوابط أمان وتحويل إلى موظف',
          'قناة على الموقع أو التطبيق أو المراسلة',
          'تحليلات المحادثات وتقييمها',
        ],
        faq: [
          {
            question: 'هل يستطيع روبوت المحادثة الرد بعدة لغات؟',
            answer: 'نعم. يمكنه الرد بالعربية والإنجليزية والهندية والألمانية وغيرها، ونختبر كل لغة قبل إطلاقها.',
          },
        ],
      },
      de: {
        name: 'KI-Chatbot-Integration',
        summary: 'Ein Support- oder Vertriebsassistent, der sicher aus Ihren eigenen Inhalten antwortet.',
        description:
          'Wir bauen einen LLM-gestützten Assistenten auf Basis Ihres Hilfe-Centers, Ihrer Produktdaten und Richtlinien, ergänzen Leitplanken und die Übergabe an Menschen und binden ihn mit Auswertung jeder Unterhaltung in Website, App oder WhatsApp ein.',
        inclusions: [
          'Aufbereitung der Wissensbasis und Retrieval',
          'Leitplanken und Übergabe an Mitarbeitende',
          'Kanal auf Website, in der App oder im Messenger',
          'Gesprächsanalyse und Evaluierung',
        ],
        faq: [
          {
            question: 'Kann der Chatbot mehrsprachig antworten?',
            answer: 'Ja. Er antwortet auf Deutsch, Englisch, Hindi, Arabisch und in weiteren Sprachen; jede Sprache wird vor dem Start getestet.',
          },
        ],
      },
    },
  },
];
