import type { SeedService } from '../types.ts';

/** Hire-a-role: mobile developers. */
export const MOBILE: SeedService[] = [
  {
    slug: 'ios-developer',
    kind: 'role',
    category: 'mobile',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 280000, AE: 30000, DE: 8800, US: 9800, AU: 13500 },
    copy: {
      en: {
        name: 'iOS Developer',
        summary: 'Swift and SwiftUI engineers who build polished native iPhone and iPad apps.',
        description:
          'Hire an iOS developer who writes modern Swift, builds interfaces in SwiftUI and UIKit, and knows the App Store review process well enough to get your release approved the first time.',
        inclusions: [
          'Senior Swift and SwiftUI engineer',
          'App Store submission support',
          'Crash reporting and analytics setup',
          'UI and unit tests with XCTest',
        ],
        faq: [
          {
            question: 'Can you take over an existing Objective-C app?',
            answer: 'Yes. The developer can maintain Objective-C code and move screens to Swift gradually.',
          },
        ],
      },
      hi: {
        name: 'iOS डेवलपर',
        summary: 'Swift और SwiftUI इंजीनियर, जो iPhone और iPad के लिए बेहतरीन नेटिव ऐप बनाते हैं।',
        description:
          'ऐसा iOS डेवलपर हायर करें जो आधुनिक Swift लिखे, SwiftUI और UIKit में इंटरफ़ेस बनाए और App Store की समीक्षा प्रक्रिया को इतनी अच्छी तरह जानता हो कि आपकी रिलीज़ पहली बार में ही मंज़ूर हो जाए।',
        inclusions: ['सीनियर Swift और SwiftUI इंजीनियर', 'App Store सबमिशन में मदद', 'क्रैश रिपोर्टिंग और एनालिटिक्स सेटअप', 'XCTest से UI और यूनिट टेस्ट'],
        faq: [
          {
            question: 'क्या आप मौजूदा Objective-C ऐप को सँभाल सकते हैं?',
            answer: 'हाँ। डेवलपर Objective-C कोड का रखरखाव कर सकता है और स्क्रीन को धीरे-धीरे Swift में बदल सकता है।',
          },
        ],
      },
      ar: {
        name: 'مطوّر iOS',
        summary: 'مهندسو Swift وSwiftUI يبنون تطبيقات أصلية متقنة لأجهزة iPhone وiPad.',
        description:
          'وظّف مطوّر iOS يكتب Swift الحديثة، ويبني الواجهات باستخدام SwiftUI وUIKit، ويعرف إجراءات مراجعة App Store جيدًا لتتم الموافقة على إصدارك من المرة الأولى.',
        inclusions: ['مهندس Swift وSwiftUI خبير', 'دعم النشر على App Store', 'إعداد تقارير الأعطال والتحليلات', 'اختبارات واجهة ووحدات عبر XCTest'],
        faq: [
          { question: 'هل يمكنكم تولي تطبيق قائم مكتوب بـ Objective-C؟', answer: 'نعم. يستطيع المطوّر صيانة شيفرة Objective-C ونقل الشاشات إلى Swift تدريجيًا.' },
        ],
      },
      de: {
        name: 'iOS-Entwickler:in',
        summary: 'Swift- und SwiftUI-Profis für ausgefeilte native iPhone- und iPad-Apps.',
        description:
          'iOS-Entwickler:innen, die modernes Swift schreiben, Oberflächen mit SwiftUI und UIKit bauen und den App-Store-Review so gut kennen, dass Ihr Release beim ersten Mal durchgeht.',
        inclusions: [
          'Senior-Fachkraft für Swift und SwiftUI',
          'Unterstützung bei der App-Store-Einreichung',
          'Crash-Reporting und Analytics',
          'UI- und Unit-Tests mit XCTest',
        ],
        faq: [
          {
            question: 'Übernehmen Sie auch eine bestehende Objective-C-App?',
            answer: 'Ja. Objective-C-Code wird weiter gepflegt, und Screens werden schrittweise nach Swift überführt.',
          },
        ],
      },
    },
  },
  {
    slug: 'android-developer',
    kind: 'role',
    category: 'mobile',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 260000, AE: 28000, DE: 8400, US: 9200, AU: 12800 },
    copy: {
      en: {
        name: 'Android Developer',
        summary: 'Kotlin and Jetpack Compose developers for fast, reliable Android apps.',
        description:
          'An Android developer who builds with Kotlin, Jetpack Compose and coroutines, tests on the devices your customers actually use and ships through Google Play with staged rollouts.',
        inclusions: [
          'Senior Kotlin and Jetpack Compose engineer',
          'Testing across popular device models',
          'Google Play release management',
          'Offline-first data handling',
        ],
        faq: [
          {
            question: 'Do you support older Android versions?',
            answer: 'Yes. We agree on a minimum SDK with you and test on real low-end devices, which matters a lot in price-sensitive markets.',
          },
        ],
      },
      hi: {
        name: 'Android डेवलपर',
        summary: 'तेज़ और भरोसेमंद Android ऐप के लिए Kotlin और Jetpack Compose डेवलपर।',
        description:
          'ऐसा Android डेवलपर जो Kotlin, Jetpack Compose और कोरूटीन से ऐप बनाए, उन्हीं डिवाइस पर टेस्ट करे जो आपके ग्राहक सच में इस्तेमाल करते हैं, और चरणबद्ध रोलआउट के साथ Google Play पर रिलीज़ करे।',
        inclusions: ['सीनियर Kotlin और Jetpack Compose इंजीनियर', 'लोकप्रिय डिवाइस मॉडलों पर टेस्टिंग', 'Google Play रिलीज़ प्रबंधन', 'ऑफ़लाइन-फ़र्स्ट डेटा हैंडलिंग'],
        faq: [
          {
            question: 'क्या आप पुराने Android संस्करणों को सपोर्ट करते हैं?',
            answer: 'हाँ। हम आपके साथ न्यूनतम SDK तय करते हैं और असली सस्ते डिवाइस पर टेस्ट करते हैं, जो कीमत के प्रति संवेदनशील बाज़ारों में बहुत मायने रखता है।',
          },
        ],
      },
      ar: {
        name: 'مطوّر Android',
        summary: 'مطوّرو Kotlin وJetpack Compose لتطبيقات Android سريعة وموثوقة.',
        description:
          'مطوّر Android يعمل بـ Kotlin وJetpack Compose والـ coroutines، ويختبر على الأجهزة التي يستخدمها عملاؤك فعلًا، وينشر عبر Google Play بإطلاق تدريجي.',
        inclusions: ['مهندس Kotlin وJetpack Compose خبير', 'اختبار على أشهر طرازات الأجهزة', 'إدارة الإصدارات على Google Play', 'معالجة بيانات تعمل دون اتصال'],
        faq: [{ question: 'هل تدعمون إصدارات Android القديمة؟', answer: 'نعم. نتفق معكم على الحد الأدنى لإصدار SDK ونختبر على أجهزة حقيقية منخفضة التكلفة.' }],
      },
      de: {
        name: 'Android-Entwickler:in',
        summary: 'Kotlin- und Jetpack-Compose-Profis für schnelle, zuverlässige Android-Apps.',
        description:
          'Android-Entwickler:innen, die mit Kotlin, Jetpack Compose und Coroutines arbeiten, auf den Geräten Ihrer Kundschaft testen und über Google Play mit gestaffelten Rollouts veröffentlichen.',
        inclusions: [
          'Senior-Fachkraft für Kotlin und Jetpack Compose',
          'Tests auf gängigen Gerätemodellen',
          'Release-Management in Google Play',
          'Offline-first-Datenhaltung',
        ],
        faq: [
          {
            question: 'Unterstützen Sie ältere Android-Versionen?',
            answer: 'Ja. Wir legen das Mindest-SDK gemeinsam fest und testen auf echten Einsteigergeräten.',
          },
        ],
      },
    },
  },
  {
    slug: 'flutter-developer',
    kind: 'role',
    category: 'mobile',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 240000, AE: 26000, DE: 7800, US: 8600, AU: 12000 },
    copy: {
      en: {
        name: 'Flutter Developer',
        summary: 'One Dart codebase, native-quality apps on iOS and Android.',
        description:
          'A Flutter developer who builds beautiful cross-platform apps with Dart, manages state with Riverpod or BLoC and integrates native SDKs for payments, maps and push notifications.',
        inclusions: [
          'Senior Flutter and Dart engineer',
          'iOS and Android builds from one codebase',
          'Widget and integration tests',
          'Store listing assistance',
        ],
        faq: [
          {
            question: 'Is Flutter fast enough for our app?',
            answer:
              'For most business and consumer apps, yes. Flutter compiles to native code; the developer will flag any feature that needs a native module.',
          },
        ],
      },
      hi: {
        name: 'Flutter डेवलपर',
        summary: 'एक Dart कोडबेस, iOS और Android पर नेटिव जैसी गुणवत्ता वाले ऐप।',
        description: 'ऐसा Flutter डेवलपर जो Dart से सुंदर क्रॉस-प्लेटफ़ॉर्म ऐप बनाए, Riverpod या BLoC से स्टेट सँभाले और पेमेंट, मैप और पुश नोटिफ़िकेशन के लिए नेटिव SDK जोड़े।',
        inclusions: ['सीनियर Flutter और Dart इंजीनियर', 'एक ही कोडबेस से iOS और Android बिल्ड', 'विजेट और इंटीग्रेशन टेस्ट', 'स्टोर लिस्टिंग में मदद'],
        faq: [
          {
            question: 'क्या Flutter हमारे ऐप के लिए काफ़ी तेज़ है?',
            answer: 'ज़्यादातर बिज़नेस और कंज़्यूमर ऐप के लिए हाँ। Flutter नेटिव कोड में कंपाइल होता है; जिस फ़ीचर को नेटिव मॉड्यूल चाहिए, डेवलपर उसे पहले ही बता देगा।',
          },
        ],
      },
      ar: {
        name: 'مطوّر Flutter',
        summary: 'قاعدة شيفرة Dart واحدة وتطبيقات بجودة أصلية على iOS وAndroid.',
        description:
          'مطوّر Flutter يبني تطبيقات جميلة متعددة المنصات بلغة Dart، ويدير الحالة عبر Riverpod أو BLoC، ويدمج حزم SDK الأصلية للمدفوعات والخرائط والإشعارات.',
        inclusions: ['مهندس Flutter وDart خبير', 'إصدارات iOS وAndroid من قاعدة شيفرة واحدة', 'اختبارات المكوّنات والتكامل', 'المساعدة في صفحات المتاجر'],
        faq: [
          {
            question: 'هل Flutter سريع بما يكفي لتطبيقنا؟',
            answer: 'لمعظم التطبيقات التجارية والاستهلاكية نعم. يُترجم Flutter إلى شيفرة أصلية، وسينبّهكم المطوّر إلى أي ميزة تحتاج وحدة أصلية.',
          },
        ],
      },
      de: {
        name: 'Flutter-Entwickler:in',
        summary: 'Eine Dart-Codebasis, Apps in nativer Qualität für iOS und Android.',
        description:
          'Flutter-Entwickler:innen bauen mit Dart ansprechende Cross-Platform-Apps, verwalten den State mit Riverpod oder BLoC und binden native SDKs für Zahlungen, Karten und Push-Nachrichten ein.',
        inclusions: [
          'Senior-Fachkraft für Flutter und Dart',
          'iOS- und Android-Builds aus einer Codebasis',
          'Widget- und Integrationstests',
          'Hilfe beim Store-Eintrag',
        ],
        faq: [
          {
            question: 'Ist Flutter schnell genug für unsere App?',
            answer:
              'Für die meisten Business- und Consumer-Apps ja. Flutter kompiliert zu nativem Code; Features, die ein natives Modul brauchen, werden früh benannt.',
          },
        ],
      },
    },
  },
  {
    slug: 'react-native-developer',
    kind: 'role',
    category: 'mobile',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 245000, AE: 26500, DE: 7900, US: 8700, AU: 12200 },
    copy: {
      en: {
        name: 'React Native Developer',
        summary: 'Share code with your web team and ship iOS and Android apps together.',
        description:
          'A React Native developer experienced with Expo, TypeScript and native modules. They reuse your React know-how, set up over-the-air updates and keep both platforms in sync release after release.',
        inclusions: ['Senior React Native and TypeScript engineer', 'Expo or bare workflow setup', 'Over-the-air update pipeline', 'Native module integration'],
        faq: [
          {
            question: 'Can we share code between our website and the app?',
            answer: 'Yes. Business logic, API clients and validation are commonly shared; the developer sets up the monorepo structure for it.',
          },
        ],
      },
      hi: {
        name: 'React Native डेवलपर',
        summary: 'अपनी वेब टीम के साथ कोड साझा करें और iOS व Android ऐप एक साथ लॉन्च करें।',
        description:
          'Expo, TypeScript और नेटिव मॉड्यूल में अनुभवी React Native डेवलपर। वे आपकी React जानकारी का दोबारा इस्तेमाल करते हैं, ओवर-द-एयर अपडेट सेट करते हैं और हर रिलीज़ में दोनों प्लेटफ़ॉर्म को साथ रखते हैं।',
        inclusions: ['सीनियर React Native और TypeScript इंजीनियर', 'Expo या bare वर्कफ़्लो सेटअप', 'ओवर-द-एयर अपडेट पाइपलाइन', 'नेटिव मॉड्यूल इंटीग्रेशन'],
        faq: [
          {
            question: 'क्या हम अपनी वेबसाइट और ऐप के बीच कोड साझा कर सकते हैं?',
            answer: 'हाँ। बिज़नेस लॉजिक, API क्लाइंट और वैलिडेशन अक्सर साझा होते हैं; डेवलपर इसके लिए मोनोरेपो ढाँचा तैयार करता है।',
          },
        ],
      },
      ar: {
        name: 'مطوّر React Native',
        summary: 'شارك الشيفرة مع فريق الويب وأطلق تطبيقات iOS وAndroid معًا.',
        description:
          'مطوّر React Native متمرّس في Expo وTypeScript والوحدات الأصلية. يستفيد من خبرتكم في React، ويُعدّ التحديثات عبر الهواء، ويحافظ على تزامن المنصتين في كل إصدار.',
        inclusions: ['مهندس React Native وTypeScript خبير', 'إعداد Expo أو المسار الأصلي', 'خط تحديثات عبر الهواء', 'دمج الوحدات الأصلية'],
        faq: [
          {
            question: 'هل يمكننا مشاركة الشيفرة بين موقعنا والتطبيق؟',
            answer: 'نعم. عادةً تُشارك منطق الأعمال وعملاء الواجهات البرمجية والتحقق من البيانات، ويُعدّ المطوّر بنية المستودع لذلك.',
          },
        ],
      },
      de: {
        name: 'React-Native-Entwickler:in',
        summary: 'Code mit dem Web-Team teilen und iOS- und Android-Apps gemeinsam ausliefern.',
        description:
          'React-Native-Profis mit Erfahrung in Expo, TypeScript und nativen Modulen. Sie nutzen Ihr React-Know-how weiter, richten Over-the-Air-Updates ein und halten beide Plattformen Release für Release synchron.',
        inclusions: [
          'Senior-Fachkraft für React Native und TypeScript',
          'Einrichtung mit Expo oder Bare Workflow',
          'Pipeline für Over-the-Air-Updates',
          'Integration nativer Module',
        ],
        faq: [
          {
            question: 'Können wir Code zwischen Website und App teilen?',
            answer: 'Ja. Geschäftslogik, API-Clients und Validierung werden häufig geteilt; die passende Monorepo-Struktur wird eingerichtet.',
          },
        ],
      },
    },
  },
];
