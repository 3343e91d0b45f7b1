import type { SeedService } from '../types.ts';

/** Hire-a-role: frontend developers. */
export const FRONTEND: SeedService[] = [
  {
    slug: 'react-developer',
    kind: 'role',
    category: 'frontend',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 240000, AE: 26000, DE: 7800, US: 8500, AU: 12000 },
    copy: {
      en: {
        name: 'React Developer',
        summary: 'A vetted React engineer who ships fast, accessible interfaces from day one.',
        description:
          'Add a senior React developer to your team by the hour. They build component libraries, wire up APIs with React Query or Redux, write tests with Testing Library and keep your bundle lean. Every developer has passed our live coding review.',
        inclusions: [
          'Vetted senior React engineer',
          'Daily async updates and weekly demo',
          'Code reviews and unit tests included',
          'Free replacement within the first two weeks',
        ],
        faq: [
          {
            question: 'Can the developer work with our existing design system?',
            answer: 'Yes. They adopt your components, tokens and lint rules and extend them instead of starting over.',
          },
        ],
      },
      hi: {
        name: 'React डेवलपर',
        summary: 'जाँचा-परखा React इंजीनियर, जो पहले दिन से तेज़ और सुलभ इंटरफ़ेस बनाता है।',
        description:
          'अपनी टीम में घंटे के हिसाब से एक सीनियर React डेवलपर जोड़ें। वे कंपोनेंट लाइब्रेरी बनाते हैं, React Query या Redux से API जोड़ते हैं, Testing Library से टेस्ट लिखते हैं और आपके बंडल को हल्का रखते हैं। हर डेवलपर हमारी लाइव कोडिंग समीक्षा पास कर चुका है।',
        inclusions: ['जाँचा-परखा सीनियर React इंजीनियर', 'रोज़ाना अपडेट और हर हफ़्ते डेमो', 'कोड रिव्यू और यूनिट टेस्ट शामिल', 'पहले दो हफ़्तों में मुफ़्त बदलाव'],
        faq: [
          {
            question: 'क्या डेवलपर हमारे मौजूदा डिज़ाइन सिस्टम के साथ काम कर सकता है?',
            answer: 'हाँ। वे आपके कंपोनेंट, टोकन और लिंट नियम अपनाते हैं और नए सिरे से शुरू करने के बजाय उन्हें आगे बढ़ाते हैं।',
          },
        ],
      },
      ar: {
        name: 'مطوّر React',
        summary: 'مهندس React موثوق يبني واجهات سريعة وسهلة الوصول من اليوم الأول.',
        description:
          'أضف مطوّر React خبيرًا إلى فريقك بنظام الساعة. يبني مكتبات المكوّنات، ويربط الواجهات البرمجية عبر React Query أو Redux، ويكتب الاختبارات باستخدام Testing Library، ويحافظ على خفة حزمة التطبيق. اجتاز كل مطوّر مراجعة البرمجة المباشرة لدينا.',
        inclusions: ['مهندس React خبير تم التحقق منه', 'تحديثات يومية وعرض أسبوعي', 'مراجعة الشيفرة واختبارات الوحدات', 'استبدال مجاني خلال أول أسبوعين'],
        faq: [
          { question: 'هل يمكن للمطوّر العمل مع نظام التصميم الحالي لدينا؟', answer: 'نعم. يعتمد مكوّناتكم وقواعدكم الحالية ويطوّرها بدلًا من البدء من الصفر.' },
        ],
      },
      de: {
        name: 'React-Entwickler:in',
        summary: 'Geprüfte React-Profis, die vom ersten Tag an schnelle, barrierearme Oberflächen liefern.',
        description:
          'Verstärken Sie Ihr Team stundenweise mit erfahrenen React-Entwickler:innen. Sie bauen Komponentenbibliotheken, binden APIs mit React Query oder Redux an, testen mit Testing Library und halten Ihr Bundle schlank. Alle haben unser Live-Coding-Review bestanden.',
        inclusions: [
          'Geprüfte Senior-React-Fachkraft',
          'Tägliche Updates und wöchentliche Demo',
          'Code-Reviews und Unit-Tests inklusive',
          'Kostenloser Ersatz in den ersten zwei Wochen',
        ],
        faq: [
          {
            question: 'Kann die Fachkraft mit unserem bestehenden Designsystem arbeiten?',
            answer: 'Ja. Sie übernimmt Ihre Komponenten, Tokens und Lint-Regeln und baut darauf auf, statt neu anzufangen.',
          },
        ],
      },
    },
  },
  {
    slug: 'angular-developer',
    kind: 'role',
    category: 'frontend',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 220000, AE: 24000, DE: 7400, US: 8000, AU: 11500 },
    copy: {
      en: {
        name: 'Angular Developer',
        summary: 'Angular specialists for large, long-lived enterprise front ends.',
        description:
          'Bring in an Angular developer who knows RxJS, NgRx and strict TypeScript inside out. Ideal for enterprise portals, dashboards and upgrades from AngularJS or older Angular versions, with a focus on maintainable modules and solid test coverage.',
        inclusions: ['Senior Angular and RxJS engineer', 'Upgrade and migration experience', 'Unit and end-to-end tests', 'Weekly progress report'],
        faq: [
          {
            question: 'Can you help us upgrade from an old Angular version?',
            answer: 'Yes. The developer plans the upgrade path version by version and keeps the app releasable at every step.',
          },
        ],
      },
      hi: {
        name: 'Angular डेवलपर',
        summary: 'बड़े और लंबे समय तक चलने वाले एंटरप्राइज़ फ़्रंटएंड के लिए Angular विशेषज्ञ।',
        description:
          'ऐसा Angular डेवलपर लाएँ जो RxJS, NgRx और strict TypeScript को अच्छी तरह जानता हो। एंटरप्राइज़ पोर्टल, डैशबोर्ड और AngularJS या पुराने Angular संस्करणों से अपग्रेड के लिए आदर्श, रखरखाव योग्य मॉड्यूल और अच्छे टेस्ट कवरेज पर ज़ोर के साथ।',
        inclusions: ['सीनियर Angular और RxJS इंजीनियर', 'अपग्रेड और माइग्रेशन का अनुभव', 'यूनिट और एंड-टू-एंड टेस्ट', 'साप्ताहिक प्रगति रिपोर्ट'],
        faq: [
          {
            question: 'क्या आप पुराने Angular संस्करण से अपग्रेड करने में मदद कर सकते हैं?',
            answer: 'हाँ। डेवलपर हर संस्करण के लिए अपग्रेड की योजना बनाता है और हर चरण पर ऐप को रिलीज़ के लायक रखता है।',
          },
        ],
      },
      ar: {
        name: 'مطوّر Angular',
        summary: 'متخصصو Angular لواجهات المؤسسات الكبيرة طويلة العمر.',
        description:
          'استعن بمطوّر Angular يتقن RxJS وNgRx وTypeScript الصارم. مثالي لبوابات المؤسسات ولوحات التحكم والترقية من AngularJS أو الإصدارات القديمة، مع التركيز على وحدات سهلة الصيانة وتغطية اختبارات قوية.',
        inclusions: ['مهندس Angular وRxJS خبير', 'خبرة في الترقية والترحيل', 'اختبارات وحدات واختبارات شاملة', 'تقرير تقدّم أسبوعي'],
        faq: [
          {
            question: 'هل يمكنكم مساعدتنا في الترقية من إصدار Angular قديم؟',
            answer: 'نعم. يخطط المطوّر لمسار الترقية إصدارًا بعد إصدار ويبقي التطبيق جاهزًا للإطلاق في كل مرحلة.',
          },
        ],
      },
      de: {
        name: 'Angular-Entwickler:in',
        summary: 'Angular-Spezialist:innen für große, langlebige Enterprise-Frontends.',
        description:
          'Holen Sie sich Angular-Expertise, die RxJS, NgRx und striktes TypeScript aus dem Effeff beherrscht. Ideal für Unternehmensportale, Dashboards und Upgrades von AngularJS oder älteren Angular-Versionen – mit wartbaren Modulen und solider Testabdeckung.',
        inclusions: [
          'Senior-Fachkraft für Angular und RxJS',
          'Erfahrung mit Upgrades und Migrationen',
          'Unit- und End-to-End-Tests',
          'Wöchentlicher Fortschrittsbericht',
        ],
        faq: [
          {
            question: 'Helfen Sie uns beim Upgrade von einer alten Angular-Version?',
            answer: 'Ja. Das Upgrade wird Version für Version geplant, und die Anwendung bleibt bei jedem Schritt releasefähig.',
          },
        ],
      },
    },
  },
  {
    slug: 'vue-developer',
    kind: 'role',
    category: 'frontend',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 210000, AE: 23500, DE: 7200, US: 7800, AU: 11000 },
    copy: {
      en: {
        name: 'Vue.js Developer',
        summary: 'Pragmatic Vue 3 developers for product teams that value speed and clarity.',
        description:
          'Hire a Vue.js developer fluent in the Composition API, Pinia and Nuxt. They turn designs into clean single-file components, keep state predictable and make your app fast on low-end phones as well as desktops.',
        inclusions: [
          'Experienced Vue 3 and Nuxt engineer',
          'Composition API and Pinia best practices',
          'Performance and accessibility checks',
          'Handover notes for your team',
        ],
        faq: [
          {
            question: 'Do you also work with Vue 2 codebases?',
            answer: 'Yes. Many of our developers maintain Vue 2 apps and can plan a gradual move to Vue 3.',
          },
        ],
      },
      hi: {
        name: 'Vue.js डेवलपर',
        summary: 'गति और स्पष्टता को महत्व देने वाली प्रोडक्ट टीमों के लिए व्यावहारिक Vue 3 डेवलपर।',
        description:
          'Composition API, Pinia और Nuxt में माहिर Vue.js डेवलपर को हायर करें। वे डिज़ाइन को साफ़-सुथरे सिंगल-फ़ाइल कंपोनेंट में बदलते हैं, स्टेट को अनुमान योग्य रखते हैं और आपके ऐप को सस्ते फ़ोन से लेकर डेस्कटॉप तक तेज़ बनाते हैं।',
        inclusions: ['अनुभवी Vue 3 और Nuxt इंजीनियर', 'Composition API और Pinia की बेहतरीन प्रथाएँ', 'परफ़ॉर्मेंस और सुलभता जाँच', 'आपकी टीम के लिए हैंडओवर नोट्स'],
        faq: [{ question: 'क्या आप Vue 2 कोडबेस पर भी काम करते हैं?', answer: 'हाँ। हमारे कई डेवलपर Vue 2 ऐप सँभालते हैं और धीरे-धीरे Vue 3 पर जाने की योजना बना सकते हैं।' }],
      },
      ar: {
        name: 'مطوّر Vue.js',
        summary: 'مطوّرو Vue 3 عمليون لفرق المنتجات التي تقدّر السرعة والوضوح.',
        description:
          'وظّف مطوّر Vue.js يتقن Composition API وPinia وNuxt. يحوّل التصاميم إلى مكوّنات نظيفة، ويحافظ على حالة التطبيق قابلة للتنبؤ، ويجعل تطبيقك سريعًا على الهواتف البسيطة وأجهزة الكمبيوتر على حد سواء.',
        inclusions: ['مهندس Vue 3 وNuxt متمرّس', 'أفضل ممارسات Composition API وPinia', 'فحوصات الأداء وسهولة الوصول', 'ملاحظات تسليم لفريقك'],
        faq: [{ question: 'هل تعملون أيضًا على مشاريع Vue 2؟', answer: 'نعم. يدير كثير من مطوّرينا تطبيقات Vue 2 ويمكنهم التخطيط لانتقال تدريجي إلى Vue 3.' }],
      },
      de: {
        name: 'Vue.js-Entwickler:in',
        summary: 'Pragmatische Vue-3-Profis für Produktteams, denen Tempo und Klarheit wichtig sind.',
        description:
          'Beauftragen Sie Vue.js-Entwickler:innen, die Composition API, Pinia und Nuxt sicher beherrschen. Sie setzen Designs in saubere Single-File-Components um, halten den State nachvollziehbar und machen Ihre App auf einfachen Smartphones wie auf dem Desktop schnell.',
        inclusions: [
          'Erfahrene Fachkraft für Vue 3 und Nuxt',
          'Best Practices für Composition API und Pinia',
          'Performance- und Barrierefreiheits-Checks',
          'Übergabedokumentation für Ihr Team',
        ],
        faq: [
          {
            question: 'Arbeiten Sie auch mit Vue-2-Codebasen?',
            answer: 'Ja. Viele unserer Entwickler:innen betreuen Vue-2-Apps und planen bei Bedarf den schrittweisen Umstieg auf Vue 3.',
          },
        ],
      },
    },
  },
  {
    slug: 'nextjs-developer',
    kind: 'role',
    category: 'frontend',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 260000, AE: 28000, DE: 8200, US: 9000, AU: 12500 },
    copy: {
      en: {
        name: 'Next.js Developer',
        summary: 'Full-stack React with server rendering, SEO and edge performance built in.',
        description:
          'A Next.js developer who is at home with the App Router, server components, incremental static regeneration and edge functions. Great for marketing sites that must rank, storefronts and SaaS dashboards that need to feel instant.',
        inclusions: [
          'Senior Next.js and TypeScript engineer',
          'Core Web Vitals and SEO tuning',
          'Deployment on Vercel or your own cloud',
          'Documented architecture decisions',
        ],
        faq: [
          {
            question: 'Can you migrate our Pages Router app to the App Router?',
            answer: 'Yes. The migration is done route by route so both routers run side by side until the switch is complete.',
          },
        ],
      },
      hi: {
        name: 'Next.js डेवलपर',
        summary: 'सर्वर रेंडरिंग, SEO और एज परफ़ॉर्मेंस के साथ फ़ुल-स्टैक React।',
        description:
          'ऐसा Next.js डेवलपर जो App Router, सर्वर कंपोनेंट, इंक्रीमेंटल स्टैटिक रीजनरेशन और एज फ़ंक्शन में सहज हो। उन मार्केटिंग साइटों के लिए बढ़िया जिन्हें सर्च में ऊपर आना है, ऑनलाइन स्टोर और ऐसे SaaS डैशबोर्ड के लिए जिन्हें तुरंत खुलना चाहिए।',
        inclusions: ['सीनियर Next.js और TypeScript इंजीनियर', 'Core Web Vitals और SEO सुधार', 'Vercel या आपके अपने क्लाउड पर डिप्लॉयमेंट', 'आर्किटेक्चर निर्णयों का दस्तावेज़'],
        faq: [
          {
            question: 'क्या आप हमारे Pages Router ऐप को App Router पर ले जा सकते हैं?',
            answer: 'हाँ। माइग्रेशन एक-एक रूट करके होता है, ताकि बदलाव पूरा होने तक दोनों राउटर साथ-साथ चलें।',
          },
        ],
      },
      ar: {
        name: 'مطوّر Next.js',
        summary: 'React متكامل مع العرض من الخادم وتحسين محركات البحث وأداء الحافة.',
        description:
          'مطوّر Next.js متمكّن من App Router ومكوّنات الخادم والتوليد الثابت التدريجي ووظائف الحافة. مثالي للمواقع التسويقية التي تحتاج إلى ترتيب متقدم في البحث، والمتاجر الإلكترونية ولوحات SaaS التي يجب أن تعمل فورًا.',
        inclusions: ['مهندس Next.js وTypeScript خبير', 'تحسين Core Web Vitals ومحركات البحث', 'النشر على Vercel أو سحابتك الخاصة', 'توثيق القرارات المعمارية'],
        faq: [
          {
            question: 'هل يمكنكم نقل تطبيقنا من Pages Router إلى App Router؟',
            answer: 'نعم. يتم النقل مسارًا تلو الآخر بحيث يعمل الموجّهان معًا حتى يكتمل التحويل.',
          },
        ],
      },
      de: {
        name: 'Next.js-Entwickler:in',
        summary: 'Full-Stack-React mit Server-Rendering, SEO und Edge-Performance.',
        description:
          'Next.js-Profis, die sich im App Router, mit Server Components, inkrementeller statischer Regenerierung und Edge Functions zu Hause fühlen. Ideal für Marketingseiten, die gut ranken müssen, für Onlineshops und SaaS-Dashboards, die sich sofort anfühlen sollen.',
        inclusions: [
          'Senior-Fachkraft für Next.js und TypeScript',
          'Optimierung von Core Web Vitals und SEO',
          'Deployment auf Vercel oder Ihrer eigenen Cloud',
          'Dokumentierte Architekturentscheidungen',
        ],
        faq: [
          {
            question: 'Können Sie unsere Pages-Router-App auf den App Router migrieren?',
            answer: 'Ja. Die Migration erfolgt Route für Route, sodass beide Router parallel laufen, bis der Wechsel abgeschlossen ist.',
          },
        ],
      },
    },
  },
];
