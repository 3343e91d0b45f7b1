import type { SeedService } from '../types.ts';

/** Hire-a-role: cloud, DevOps, design, quality and security specialists. */
export const OPS_ROLES: SeedService[] = [
  {
    slug: 'devops-engineer',
    kind: 'role',
    category: 'cloud-devops',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 290000, AE: 31000, DE: 9200, US: 10500, AU: 14000 },
    copy: {
      en: {
        name: 'DevOps Engineer',
        summary: 'Automated builds, repeatable infrastructure and calm release days.',
        description:
          'A DevOps engineer who codifies your infrastructure with Terraform, builds CI/CD pipelines, containerises your services and sets up monitoring, so your team can deploy many times a day without drama.',
        inclusions: [
          'Senior DevOps engineer',
          'Infrastructure as code with Terraform',
          'CI/CD pipelines and container builds',
          'Monitoring, alerting and runbooks',
        ],
        faq: [{ question: 'Which clouds do you support?', answer: 'AWS, Google Cloud and Azure, as well as bare-metal and hybrid setups.' }],
      },
      hi: {
        name: 'DevOps इंजीनियर',
        summary: 'स्वचालित बिल्ड, दोहराने योग्य इन्फ़्रास्ट्रक्चर और तनावमुक्त रिलीज़।',
        description:
          'ऐसा DevOps इंजीनियर जो Terraform से आपके इन्फ़्रास्ट्रक्चर को कोड में बदले, CI/CD पाइपलाइन बनाए, सर्विस को कंटेनर में चलाए और मॉनिटरिंग सेट करे, ताकि आपकी टीम दिन में कई बार बिना परेशानी के डिप्लॉय कर सके।',
        inclusions: ['सीनियर DevOps इंजीनियर', 'Terraform से इन्फ़्रास्ट्रक्चर ऐज़ कोड', 'CI/CD पाइपलाइन और कंटेनर बिल्ड', 'मॉनिटरिंग, अलर्ट और रनबुक'],
        faq: [{ question: 'आप किन क्लाउड को सपोर्ट करते हैं?', answer: 'AWS, Google Cloud और Azure, साथ ही बेयर-मेटल और हाइब्रिड सेटअप भी।' }],
      },
      ar: {
        name: 'مهندس DevOps',
        summary: 'بناء آلي وبنية تحتية قابلة للتكرار وأيام إطلاق هادئة.',
        description:
          'مهندس DevOps يحوّل بنيتك التحتية إلى شيفرة باستخدام Terraform، ويبني خطوط CI/CD، ويشغّل خدماتك في حاويات، ويُعدّ المراقبة، ليتمكن فريقك من النشر عدة مرات يوميًا دون عناء.',
        inclusions: ['مهندس DevOps خبير', 'البنية التحتية كشيفرة عبر Terraform', 'خطوط CI/CD وبناء الحاويات', 'المراقبة والتنبيهات وأدلة التشغيل'],
        faq: [{ question: 'ما المنصات السحابية التي تدعمونها؟', answer: 'AWS وGoogle Cloud وAzure، إضافة إلى الخوادم المخصصة والبيئات الهجينة.' }],
      },
      de: {
        name: 'DevOps Engineer',
        summary: 'Automatisierte Builds, reproduzierbare Infrastruktur und entspannte Release-Tage.',
        description:
          'DevOps Engineers beschreiben Ihre Infrastruktur mit Terraform als Code, bauen CI/CD-Pipelines, containerisieren Ihre Services und richten Monitoring ein – damit Ihr Team mehrmals täglich ohne Stress deployen kann.',
        inclusions: [
          'Erfahrene:r DevOps Engineer',
          'Infrastructure as Code mit Terraform',
          'CI/CD-Pipelines und Container-Builds',
          'Monitoring, Alarmierung und Runbooks',
        ],
        faq: [{ question: 'Welche Clouds unterstützen Sie?', answer: 'AWS, Google Cloud und Azure sowie Bare-Metal- und Hybrid-Umgebungen.' }],
      },
    },
  },
  {
    slug: 'site-reliability-engineer',
    kind: 'role',
    category: 'cloud-devops',
    defaultHours: 160,
    minHours: 40,
    // Not offered in AU: on-call cover for Australian hours is not staffed yet.
    rates: { IN: 330000, AE: 35000, DE: 10000, US: 12000 },
    copy: {
      en: {
        name: 'Site Reliability Engineer',
        summary: 'SLOs, incident response and capacity planning for services that must stay up.',
        description:
          'Hire an SRE who defines service level objectives with you, tunes alerts so they mean something, leads blameless post-mortems and removes the toil that keeps your engineers up at night.',
        inclusions: [
          'Experienced site reliability engineer',
          'SLOs, error budgets and dashboards',
          'Incident response playbooks',
          'Load testing and capacity planning',
        ],
        faq: [
          {
            question: 'Does the SRE join our on-call rotation?',
            answer: 'It can be arranged within the booked hours; we agree on the rota and escalation path before the first shift.',
          },
        ],
      },
      hi: {
        name: 'साइट रिलायबिलिटी इंजीनियर',
        summary: 'हमेशा चालू रहने वाली सर्विस के लिए SLO, इंसिडेंट रिस्पॉन्स और क्षमता योजना।',
        description:
          'ऐसा SRE हायर करें जो आपके साथ सर्विस लेवल ऑब्जेक्टिव तय करे, अलर्ट को सार्थक बनाए, बिना दोषारोपण वाले पोस्ट-मॉर्टम चलाए और वह दोहराव वाला काम हटाए जो आपके इंजीनियरों को रात में जगाए रखता है।',
        inclusions: ['अनुभवी साइट रिलायबिलिटी इंजीनियर', 'SLO, एरर बजट और डैशबोर्ड', 'इंसिडेंट रिस्पॉन्स प्लेबुक', 'लोड टेस्टिंग और क्षमता योजना'],
        faq: [
          { question: 'क्या SRE हमारी ऑन-कॉल रोटेशन में शामिल होगा?', answer: 'बुक किए गए घंटों के भीतर यह संभव है; पहली शिफ़्ट से पहले हम रोस्टर और एस्केलेशन तय कर लेते हैं।' },
        ],
      },
      ar: {
        name: 'مهندس موثوقية المواقع',
        summary: 'أهداف مستوى الخدمة والاستجابة للحوادث وتخطيط السعة لخدمات يجب ألا تتوقف.',
        description:
          'وظّف مهندس SRE يحدد معكم أهداف مستوى الخدمة، ويضبط التنبيهات لتكون ذات معنى، ويقود مراجعات ما بعد الحوادث دون لوم، ويزيل الأعمال المتكررة التي تُرهق مهندسيكم.',
        inclusions: ['مهندس موثوقية متمرّس', 'أهداف الخدمة وميزانيات الأخطاء ولوحات المتابعة', 'أدلة الاستجابة للحوادث', 'اختبارات التحميل وتخطيط السعة'],
        faq: [
          {
            question: 'هل ينضم المهندس إلى جدول المناوبة لدينا؟',
            answer: 'يمكن ترتيب ذلك ضمن الساعات المحجوزة، ونتفق على الجدول ومسار التصعيد قبل أول مناوبة.',
          },
        ],
      },
      de: {
        name: 'Site Reliability Engineer',
        summary: 'SLOs, Incident Response und Kapazitätsplanung für Dienste, die laufen müssen.',
        description:
          'SREs definieren mit Ihnen Service Level Objectives, machen Alarme wieder aussagekräftig, moderieren Post-Mortems ohne Schuldzuweisung und beseitigen die Routinearbeit, die Ihrem Team den Schlaf raubt.',
        inclusions: [
          'Erfahrene:r Site Reliability Engineer',
          'SLOs, Error Budgets und Dashboards',
          'Playbooks für Incident Response',
          'Lasttests und Kapazitätsplanung',
        ],
        faq: [
          {
            question: 'Übernimmt die Fachkraft Rufbereitschaft?',
            answer: 'Im Rahmen der gebuchten Stunden ist das möglich; Dienstplan und Eskalationsweg werden vor der ersten Schicht vereinbart.',
          },
        ],
      },
    },
  },
  {
    slug: 'cloud-architect',
    kind: 'role',
    category: 'cloud-devops',
    defaultHours: 80,
    minHours: 20,
    rates: { IN: 420000, AE: 45000, DE: 13000, US: 15000, AU: 19500 },
    copy: {
      en: {
        name: 'Cloud Architect',
        summary: 'A secure, cost-aware cloud design before you build, or a review of what you have.',
        description:
          'A certified cloud architect who designs landing zones, networking and identity, reviews your architecture against the well-architected frameworks and finds the savings hidden in your monthly cloud bill.',
        inclusions: [
          'Certified AWS, Azure or GCP architect',
          'Target architecture and diagrams',
          'Cost optimisation review',
          'Security and compliance recommendations',
        ],
        faq: [
          {
            question: 'Is 20 hours enough for an architecture review?',
            answer: 'For a focused review of one product, usually yes. Larger estates are scoped with you before the work starts.',
          },
        ],
      },
      hi: {
        name: 'क्लाउड आर्किटेक्ट',
        summary: 'निर्माण से पहले सुरक्षित और किफ़ायती क्लाउड डिज़ाइन, या मौजूदा सिस्टम की समीक्षा।',
        description:
          'प्रमाणित क्लाउड आर्किटेक्ट, जो लैंडिंग ज़ोन, नेटवर्किंग और आइडेंटिटी डिज़ाइन करे, well-architected फ़्रेमवर्क के आधार पर आपके आर्किटेक्चर की समीक्षा करे और आपके मासिक क्लाउड बिल में छिपी बचत ढूँढे।',
        inclusions: ['प्रमाणित AWS, Azure या GCP आर्किटेक्ट', 'लक्ष्य आर्किटेक्चर और डायग्राम', 'लागत अनुकूलन समीक्षा', 'सुरक्षा और अनुपालन सुझाव'],
        faq: [
          {
            question: 'क्या आर्किटेक्चर समीक्षा के लिए 20 घंटे काफ़ी हैं?',
            answer: 'एक प्रोडक्ट की केंद्रित समीक्षा के लिए आम तौर पर हाँ। बड़े सिस्टम का दायरा काम शुरू होने से पहले आपके साथ तय किया जाता है।',
          },
        ],
      },
      ar: {
        name: 'مهندس معماري سحابي',
        summary: 'تصميم سحابي آمن وموفّر قبل البناء، أو مراجعة لما لديك حاليًا.',
        description:
          'مهندس معماري سحابي معتمد يصمّم مناطق الهبوط والشبكات وإدارة الهوية، ويراجع بنيتكم وفق أطر العمل المعمارية الرشيدة، ويكتشف التوفير المخفي في فاتورة السحابة الشهرية.',
        inclusions: ['مهندس معتمد على AWS أو Azure أو GCP', 'بنية مستهدفة ومخططات', 'مراجعة لتحسين التكاليف', 'توصيات الأمان والامتثال'],
        faq: [{ question: 'هل تكفي 20 ساعة لمراجعة البنية؟', answer: 'لمراجعة مركّزة لمنتج واحد، عادةً نعم. أما البيئات الأكبر فنحدد نطاقها معكم قبل البدء.' }],
      },
      de: {
        name: 'Cloud-Architekt:in',
        summary: 'Ein sicheres, kostenbewusstes Cloud-Design vor dem Bau – oder ein Review des Bestehenden.',
        description:
          'Zertifizierte Cloud-Architekt:innen entwerfen Landing Zones, Netzwerk und Identitätsmanagement, prüfen Ihre Architektur anhand der Well-Architected-Frameworks und finden die Einsparungen in Ihrer monatlichen Cloud-Rechnung.',
        inclusions: [
          'Zertifizierte Fachkraft für AWS, Azure oder GCP',
          'Zielarchitektur mit Diagrammen',
          'Review zur Kostenoptimierung',
          'Empfehlungen zu Sicherheit und Compliance',
        ],
        faq: [
          {
            question: 'Reichen 20 Stunden für ein Architektur-Review?',
            answer: 'Für ein fokussiertes Review eines Produkts meist ja. Größere Landschaften werden vorab gemeinsam mit Ihnen geschätzt.',
          },
        ],
      },
    },
  },
  {
    slug: 'ui-ux-designer',
    kind: 'role',
    category: 'design',
    defaultHours: 80,
    minHours: 20,
    rates: { IN: 200000, AE: 22000, DE: 7000, US: 7500, AU: 10500 },
    copy: {
      en: {
        name: 'UI/UX Designer',
        summary: 'Research-led product design, from wireframes to a Figma design system.',
        description:
          'Hire a product designer who interviews your users, maps the journeys that matter, prototypes in Figma and hands developers a tidy design system with every state and breakpoint covered.',
        inclusions: ['Senior product designer', 'User interviews and usability tests', 'Clickable Figma prototypes', 'Design system with developer handoff'],
        faq: [{ question: 'Do we own the design files?', answer: 'Yes. All Figma files and assets are created in your workspace and belong to you.' }],
      },
      hi: {
        name: 'UI/UX डिज़ाइनर',
        summary: 'रिसर्च पर आधारित प्रोडक्ट डिज़ाइन, वायरफ़्रेम से लेकर Figma डिज़ाइन सिस्टम तक।',
        description:
          'ऐसा प्रोडक्ट डिज़ाइनर हायर करें जो आपके यूज़र्स से बात करे, ज़रूरी यूज़र जर्नी का नक़्शा बनाए, Figma में प्रोटोटाइप तैयार करे और डेवलपर्स को हर स्टेट और स्क्रीन साइज़ के साथ एक व्यवस्थित डिज़ाइन सिस्टम सौंपे।',
        inclusions: ['सीनियर प्रोडक्ट डिज़ाइनर', 'यूज़र इंटरव्यू और यूज़ेबिलिटी टेस्ट', 'क्लिक करने योग्य Figma प्रोटोटाइप', 'डेवलपर हैंडऑफ़ के साथ डिज़ाइन सिस्टम'],
        faq: [{ question: 'क्या डिज़ाइन फ़ाइलें हमारी होंगी?', answer: 'हाँ। सभी Figma फ़ाइलें और एसेट आपके वर्कस्पेस में बनाए जाते हैं और आपके ही होते हैं।' }],
      },
      ar: {
        name: 'مصمم واجهات وتجربة مستخدم',
        summary: 'تصميم منتجات قائم على البحث، من المخططات الأولية إلى نظام تصميم في Figma.',
        description:
          'وظّف مصمم منتجات يجري مقابلات مع مستخدميك، ويرسم رحلاتهم الأهم، ويصنع نماذج أولية في Figma، ويسلّم المطوّرين نظام تصميم مرتبًا يغطي كل الحالات وأحجام الشاشات.',
        inclusions: ['مصمم منتجات خبير', 'مقابلات المستخدمين واختبارات قابلية الاستخدام', 'نماذج Figma تفاعلية', 'نظام تصميم مع تسليم للمطوّرين'],
        faq: [{ question: 'هل نملك ملفات التصميم؟', answer: 'نعم. تُنشأ جميع ملفات Figma والأصول في مساحة عملكم وتبقى ملكًا لكم.' }],
      },
      de: {
        name: 'UI/UX-Designer:in',
        summary: 'Forschungsbasiertes Produktdesign – vom Wireframe bis zum Figma-Designsystem.',
        description:
          'Produktdesigner:innen sprechen mit Ihren Nutzer:innen, skizzieren die entscheidenden Customer Journeys, erstellen Prototypen in Figma und übergeben der Entwicklung ein aufgeräumtes Designsystem mit allen Zuständen und Breakpoints.',
        inclusions: [
          'Erfahrene:r Produktdesigner:in',
          'Nutzerinterviews und Usability-Tests',
          'Klickbare Figma-Prototypen',
          'Designsystem mit Entwickler-Handoff',
        ],
        faq: [{ question: 'Gehören die Designdateien uns?', answer: 'Ja. Alle Figma-Dateien und Assets entstehen in Ihrem Workspace und gehören Ihnen.' }],
      },
    },
  },
  {
    slug: 'qa-automation-engineer',
    kind: 'role',
    category: 'quality',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 180000, AE: 20000, DE: 6500, US: 7000, AU: 9800 },
    copy: {
      en: {
        name: 'QA Automation Engineer',
        summary: 'Automated test suites that catch regressions before your customers do.',
        description:
          'A QA automation engineer who writes end-to-end tests with Playwright or Cypress, API tests and mobile tests with Appium, and wires them into your pipeline so every pull request is checked automatically.',
        inclusions: ['Experienced QA automation engineer', 'Playwright or Cypress end-to-end suites', 'API and contract tests', 'Test reports in your CI'],
        faq: [
          { question: 'Do you also do manual exploratory testing?', answer: 'Yes. A share of the hours can go to exploratory sessions before major releases.' },
        ],
      },
      hi: {
        name: 'QA ऑटोमेशन इंजीनियर',
        summary: 'स्वचालित टेस्ट, जो गड़बड़ियों को आपके ग्राहकों से पहले पकड़ लेते हैं।',
        description:
          'ऐसा QA ऑटोमेशन इंजीनियर जो Playwright या Cypress से एंड-टू-एंड टेस्ट, API टेस्ट और Appium से मोबाइल टेस्ट लिखे, और उन्हें आपकी पाइपलाइन से जोड़े ताकि हर पुल रिक्वेस्ट अपने-आप जाँची जाए।',
        inclusions: ['अनुभवी QA ऑटोमेशन इंजीनियर', 'Playwright या Cypress एंड-टू-एंड टेस्ट', 'API और कॉन्ट्रैक्ट टेस्ट', 'आपके CI में टेस्ट रिपोर्ट'],
        faq: [{ question: 'क्या आप मैनुअल एक्सप्लोरेटरी टेस्टिंग भी करते हैं?', answer: 'हाँ। बड़ी रिलीज़ से पहले कुछ घंटे एक्सप्लोरेटरी टेस्टिंग में लगाए जा सकते हैं।' }],
      },
      ar: {
        name: 'مهندس أتمتة ضمان الجودة',
        summary: 'حزم اختبارات آلية تكتشف الأخطاء قبل أن يكتشفها عملاؤك.',
        description:
          'مهندس أتمتة جودة يكتب اختبارات شاملة باستخدام Playwright أو Cypress، واختبارات للواجهات البرمجية، واختبارات للجوال عبر Appium، ويربطها بخط النشر لفحص كل طلب دمج تلقائيًا.',
        inclusions: ['مهندس أتمتة جودة متمرّس', 'اختبارات شاملة عبر Playwright أو Cypress', 'اختبارات الواجهات البرمجية والعقود', 'تقارير الاختبارات ضمن CI'],
        faq: [{ question: 'هل تجرون أيضًا اختبارات استكشافية يدوية؟', answer: 'نعم. يمكن تخصيص جزء من الساعات لجلسات استكشافية قبل الإصدارات الكبيرة.' }],
      },
      de: {
        name: 'QA-Automation-Engineer',
        summary: 'Automatisierte Testsuites, die Regressionen finden, bevor es Ihre Kundschaft tut.',
        description:
          'QA-Automation-Engineers schreiben End-to-End-Tests mit Playwright oder Cypress, API-Tests und mobile Tests mit Appium und binden sie in Ihre Pipeline ein, sodass jeder Pull Request automatisch geprüft wird.',
        inclusions: [
          'Erfahrene:r QA-Automation-Engineer',
          'End-to-End-Suites mit Playwright oder Cypress',
          'API- und Contract-Tests',
          'Testberichte in Ihrer CI',
        ],
        faq: [
          { question: 'Testen Sie auch manuell und explorativ?', answer: 'Ja. Ein Teil der Stunden kann vor großen Releases in explorative Tests fließen.' },
        ],
      },
    },
  },
  {
    slug: 'security-engineer',
    kind: 'role',
    category: 'security',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 380000, AE: 40000, DE: 12000, US: 13500, AU: 17500 },
    copy: {
      en: {
        name: 'Security Engineer',
        summary: 'Application and cloud security built into how your team ships.',
        description:
          'Hire a security engineer who threat-models new features, adds dependency and secret scanning to CI, hardens your cloud accounts and helps you prepare for ISO 27001 or SOC 2 audits.',
        inclusions: ['Senior application security engineer', 'Threat modelling workshops', 'SAST, dependency and secret scanning', 'Audit preparation support'],
        faq: [
          {
            question: 'Will the engineer sign an NDA?',
            answer: 'Yes. Every engagement is covered by an NDA and our data processing agreement before any access is granted.',
          },
        ],
      },
      hi: {
        name: 'सिक्योरिटी इंजीनियर',
        summary: 'ऐप और क्लाउड सुरक्षा, जो आपकी टीम के काम करने के तरीक़े में शामिल हो।',
        description:
          'ऐसा सिक्योरिटी इंजीनियर हायर करें जो नए फ़ीचर का थ्रेट मॉडल बनाए, CI में डिपेंडेंसी और सीक्रेट स्कैनिंग जोड़े, आपके क्लाउड अकाउंट को मज़बूत करे और ISO 27001 या SOC 2 ऑडिट की तैयारी में मदद करे।',
        inclusions: ['सीनियर एप्लिकेशन सिक्योरिटी इंजीनियर', 'थ्रेट मॉडलिंग वर्कशॉप', 'SAST, डिपेंडेंसी और सीक्रेट स्कैनिंग', 'ऑडिट की तैयारी में सहायता'],
        faq: [{ question: 'क्या इंजीनियर NDA पर हस्ताक्षर करेगा?', answer: 'हाँ। कोई भी एक्सेस देने से पहले हर काम NDA और हमारे डेटा प्रोसेसिंग समझौते के तहत होता है।' }],
      },
      ar: {
        name: 'مهندس أمن المعلومات',
        summary: 'أمن التطبيقات والسحابة مدمج في طريقة عمل فريقك.',
        description:
          'وظّف مهندس أمن يحلل التهديدات للميزات الجديدة، ويضيف فحص التبعيات والأسرار إلى CI، ويعزّز حماية حساباتك السحابية، ويساعدك في الاستعداد لتدقيق ISO 27001 أو SOC 2.',
        inclusions: ['مهندس أمن تطبيقات خبير', 'ورش عمل لنمذجة التهديدات', 'فحص الشيفرة والتبعيات والأسرار', 'دعم الاستعداد للتدقيق'],
        faq: [
          { question: 'هل سيوقّع المهندس اتفاقية عدم إفصاح؟', answer: 'نعم. يخضع كل تعاقد لاتفاقية عدم إفصاح واتفاقية معالجة البيانات قبل منح أي صلاحية وصول.' },
        ],
      },
      de: {
        name: 'Security Engineer',
        summary: 'Anwendungs- und Cloud-Sicherheit, fest eingebaut in die Arbeitsweise Ihres Teams.',
        description:
          'Security Engineers erstellen Bedrohungsmodelle für neue Features, ergänzen Ihre CI um Dependency- und Secret-Scanning, härten Ihre Cloud-Konten und bereiten Sie auf Audits nach ISO 27001 oder SOC 2 vor.',
        inclusions: [
          'Erfahrene:r Application Security Engineer',
          'Workshops zur Bedrohungsmodellierung',
          'SAST-, Dependency- und Secret-Scanning',
          'Unterstützung bei der Audit-Vorbereitung',
        ],
        faq: [
          {
            question: 'Unterschreibt die Fachkraft eine Geheimhaltungsvereinbarung?',
            answer: 'Ja. Vor jedem Zugriff gelten eine NDA und unser Auftragsverarbeitungsvertrag.',
          },
        ],
      },
    },
  },
];
