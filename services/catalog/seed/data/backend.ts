import type { SeedService } from '../types.ts';

/** Hire-a-role: backend developers. */
export const BACKEND: SeedService[] = [
  {
    slug: 'node-backend-developer',
    kind: 'role',
    category: 'backend',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 250000, AE: 27000, DE: 8000, US: 8800, AU: 12200 },
    copy: {
      en: {
        name: 'Node.js Backend Developer',
        summary: 'TypeScript backend engineers for APIs, queues and real-time features.',
        description:
          'Hire a Node.js developer who designs clean REST and GraphQL APIs, works with PostgreSQL, MongoDB and Redis, and knows how to keep a service fast and observable in production.',
        inclusions: [
          'Senior Node.js and TypeScript engineer',
          'API design with OpenAPI documentation',
          'Automated tests and CI setup',
          'Logging and monitoring hooks',
        ],
        faq: [
          {
            question: 'Which frameworks do your Node.js developers use?',
            answer: 'Express, Fastify, NestJS, Hono and Elysia are all common; the developer follows whatever your codebase already uses.',
          },
        ],
      },
      hi: {
        name: 'Node.js बैकएंड डेवलपर',
        summary: 'API, क्यू और रियल-टाइम फ़ीचर के लिए TypeScript बैकएंड इंजीनियर।',
        description:
          'ऐसा Node.js डेवलपर हायर करें जो साफ़ REST और GraphQL API डिज़ाइन करे, PostgreSQL, MongoDB और Redis के साथ काम करे, और प्रोडक्शन में सर्विस को तेज़ और निगरानी योग्य रखना जानता हो।',
        inclusions: ['सीनियर Node.js और TypeScript इंजीनियर', 'OpenAPI दस्तावेज़ के साथ API डिज़ाइन', 'स्वचालित टेस्ट और CI सेटअप', 'लॉगिंग और मॉनिटरिंग'],
        faq: [
          {
            question: 'आपके Node.js डेवलपर कौन-से फ़्रेमवर्क इस्तेमाल करते हैं?',
            answer: 'Express, Fastify, NestJS, Hono और Elysia सभी आम हैं; डेवलपर वही अपनाता है जो आपके कोडबेस में पहले से है।',
          },
        ],
      },
      ar: {
        name: 'مطوّر خلفية Node.js',
        summary: 'مهندسو خلفية بلغة TypeScript للواجهات البرمجية وقوائم الانتظار والميزات الفورية.',
        description:
          'وظّف مطوّر Node.js يصمّم واجهات REST وGraphQL واضحة، ويعمل مع PostgreSQL وMongoDB وRedis، ويعرف كيف يبقي الخدمة سريعة وقابلة للمراقبة في بيئة الإنتاج.',
        inclusions: ['مهندس Node.js وTypeScript خبير', 'تصميم واجهات برمجية موثّقة بـ OpenAPI', 'اختبارات آلية وإعداد CI', 'تسجيل الأحداث وربط المراقبة'],
        faq: [
          {
            question: 'ما الأطر التي يستخدمها مطوّرو Node.js لديكم؟',
            answer: 'Express وFastify وNestJS وHono وElysia كلها شائعة، ويلتزم المطوّر بما يستخدمه مشروعكم حاليًا.',
          },
        ],
      },
      de: {
        name: 'Node.js-Backend-Entwickler:in',
        summary: 'TypeScript-Backend-Profis für APIs, Queues und Echtzeit-Features.',
        description:
          'Node.js-Entwickler:innen, die saubere REST- und GraphQL-APIs entwerfen, mit PostgreSQL, MongoDB und Redis arbeiten und wissen, wie ein Service im Betrieb schnell und beobachtbar bleibt.',
        inclusions: [
          'Senior-Fachkraft für Node.js und TypeScript',
          'API-Design mit OpenAPI-Dokumentation',
          'Automatisierte Tests und CI-Einrichtung',
          'Logging und Monitoring',
        ],
        faq: [
          {
            question: 'Welche Frameworks nutzen Ihre Node.js-Fachkräfte?',
            answer: 'Express, Fastify, NestJS, Hono und Elysia sind gängig; gearbeitet wird mit dem, was Ihre Codebasis bereits verwendet.',
          },
        ],
      },
    },
  },
  {
    slug: 'python-django-developer',
    kind: 'role',
    category: 'backend',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 245000, AE: 26500, DE: 7900, US: 8700, AU: 12000 },
    copy: {
      en: {
        name: 'Python / Django Developer',
        summary: 'Django and Django REST Framework experts for data-rich web products.',
        description:
          'A Python developer who builds robust Django back ends, admin tools and REST APIs, with Celery for background jobs and careful database migrations that never take your site down.',
        inclusions: [
          'Senior Python and Django engineer',
          'Django REST Framework APIs',
          'Celery jobs and scheduled tasks',
          'Safe, reviewed database migrations',
        ],
        faq: [
          {
            question: 'Can the developer also work with FastAPI or Flask?',
            answer: 'Yes. Most of our Python developers have shipped FastAPI and Flask services as well as Django.',
          },
        ],
      },
      hi: {
        name: 'Python / Django डेवलपर',
        summary: 'डेटा से भरपूर वेब प्रोडक्ट के लिए Django और Django REST Framework विशेषज्ञ।',
        description:
          'ऐसा Python डेवलपर जो मज़बूत Django बैकएंड, एडमिन टूल और REST API बनाए, बैकग्राउंड काम के लिए Celery इस्तेमाल करे और ऐसे सावधान डेटाबेस माइग्रेशन करे जिनसे आपकी साइट कभी बंद न हो।',
        inclusions: ['सीनियर Python और Django इंजीनियर', 'Django REST Framework API', 'Celery जॉब और शेड्यूल किए गए काम', 'सुरक्षित, समीक्षित डेटाबेस माइग्रेशन'],
        faq: [
          {
            question: 'क्या डेवलपर FastAPI या Flask के साथ भी काम कर सकता है?',
            answer: 'हाँ। हमारे ज़्यादातर Python डेवलपर Django के साथ-साथ FastAPI और Flask सर्विस भी बना चुके हैं।',
          },
        ],
      },
      ar: {
        name: 'مطوّر Python / Django',
        summary: 'خبراء Django وDjango REST Framework للمنتجات الرقمية الغنية بالبيانات.',
        description:
          'مطوّر Python يبني خلفيات Django متينة وأدوات إدارة وواجهات REST، ويستخدم Celery للمهام الخلفية، وينفّذ ترحيلات قواعد البيانات بعناية دون أن يتوقف موقعك.',
        inclusions: ['مهندس Python وDjango خبير', 'واجهات Django REST Framework', 'مهام Celery ومهام مجدولة', 'ترحيلات قواعد بيانات آمنة ومراجَعة'],
        faq: [
          {
            question: 'هل يستطيع المطوّر العمل أيضًا مع FastAPI أو Flask؟',
            answer: 'نعم. أطلق معظم مطوّري Python لدينا خدمات بـ FastAPI وFlask إلى جانب Django.',
          },
        ],
      },
      de: {
        name: 'Python/Django-Entwickler:in',
        summary: 'Expert:innen für Django und Django REST Framework für datenintensive Webprodukte.',
        description:
          'Python-Profis, die robuste Django-Backends, Admin-Werkzeuge und REST-APIs bauen, Hintergrundjobs mit Celery umsetzen und Datenbankmigrationen so sorgfältig planen, dass Ihre Seite nie ausfällt.',
        inclusions: [
          'Senior-Fachkraft für Python und Django',
          'APIs mit Django REST Framework',
          'Celery-Jobs und geplante Aufgaben',
          'Sichere, geprüfte Datenbankmigrationen',
        ],
        faq: [
          {
            question: 'Ist auch FastAPI oder Flask möglich?',
            answer: 'Ja. Die meisten unserer Python-Fachkräfte haben neben Django auch FastAPI- und Flask-Services ausgeliefert.',
          },
        ],
      },
    },
  },
  {
    slug: 'java-spring-developer',
    kind: 'role',
    category: 'backend',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 270000, AE: 29000, DE: 8500, US: 9500, AU: 13000 },
    copy: {
      en: {
        name: 'Java / Spring Boot Developer',
        summary: 'Enterprise-grade Java engineers for microservices and core systems.',
        description:
          'Hire a Java developer experienced with Spring Boot, JPA, Kafka and cloud-native deployment. They modernise monoliths, build reliable microservices and keep performance and security in check.',
        inclusions: [
          'Senior Java 17+ and Spring Boot engineer',
          'Microservice and event-driven design',
          'JUnit and integration tests',
          'Performance profiling on request',
        ],
        faq: [
          {
            question: 'Do your Java developers work on legacy systems?',
            answer: 'Yes. Many have modernised Java 8 monoliths step by step while keeping them in production.',
          },
        ],
      },
      hi: {
        name: 'Java / Spring Boot डेवलपर',
        summary: 'माइक्रोसर्विस और कोर सिस्टम के लिए एंटरप्राइज़-स्तर के Java इंजीनियर।',
        description:
          'Spring Boot, JPA, Kafka और क्लाउड-नेटिव डिप्लॉयमेंट में अनुभवी Java डेवलपर हायर करें। वे मोनोलिथ को आधुनिक बनाते हैं, भरोसेमंद माइक्रोसर्विस बनाते हैं और परफ़ॉर्मेंस व सुरक्षा पर नज़र रखते हैं।',
        inclusions: ['सीनियर Java 17+ और Spring Boot इंजीनियर', 'माइक्रोसर्विस और इवेंट-आधारित डिज़ाइन', 'JUnit और इंटीग्रेशन टेस्ट', 'ज़रूरत पर परफ़ॉर्मेंस प्रोफ़ाइलिंग'],
        faq: [
          { question: 'क्या आपके Java डेवलपर पुराने सिस्टम पर काम करते हैं?', answer: 'हाँ। कई डेवलपर Java 8 मोनोलिथ को प्रोडक्शन में चलाते हुए चरणबद्ध तरीक़े से आधुनिक बना चुके हैं।' },
        ],
      },
      ar: {
        name: 'مطوّر Java / Spring Boot',
        summary: 'مهندسو Java بمستوى المؤسسات للخدمات المصغّرة والأنظمة الأساسية.',
        description:
          'وظّف مطوّر Java متمرّسًا في Spring Boot وJPA وKafka والنشر السحابي. يحدّث الأنظمة الأحادية، ويبني خدمات مصغّرة موثوقة، ويراقب الأداء والأمان باستمرار.',
        inclusions: ['مهندس Java 17+ وSpring Boot خبير', 'تصميم خدمات مصغّرة قائمة على الأحداث', 'اختبارات JUnit واختبارات تكامل', 'تحليل الأداء عند الطلب'],
        faq: [
          {
            question: 'هل يعمل مطوّرو Java لديكم على الأنظمة القديمة؟',
            answer: 'نعم. قام كثير منهم بتحديث أنظمة Java 8 الأحادية تدريجيًا مع إبقائها في الإنتاج.',
          },
        ],
      },
      de: {
        name: 'Java/Spring-Boot-Entwickler:in',
        summary: 'Java-Profis auf Enterprise-Niveau für Microservices und Kernsysteme.',
        description:
          'Java-Entwickler:innen mit Erfahrung in Spring Boot, JPA, Kafka und Cloud-native-Deployments. Sie modernisieren Monolithen, bauen zuverlässige Microservices und behalten Performance und Sicherheit im Blick.',
        inclusions: [
          'Senior-Fachkraft für Java 17+ und Spring Boot',
          'Microservice- und eventgetriebenes Design',
          'JUnit- und Integrationstests',
          'Performance-Profiling auf Wunsch',
        ],
        faq: [
          {
            question: 'Arbeiten Ihre Java-Fachkräfte auch an Altsystemen?',
            answer: 'Ja. Viele haben Java-8-Monolithen schrittweise modernisiert, ohne den laufenden Betrieb zu stören.',
          },
        ],
      },
    },
  },
  {
    slug: 'golang-developer',
    kind: 'role',
    category: 'backend',
    defaultHours: 160,
    minHours: 40,
    // Not offered in AU: no Go bench there yet.
    rates: { IN: 300000, AE: 32000, DE: 9200, US: 10500 },
    copy: {
      en: {
        name: 'Go Developer',
        summary: 'Go engineers for high-throughput services, CLIs and cloud tooling.',
        description:
          'A Go developer who writes simple, concurrent and well-tested services: gRPC and HTTP APIs, stream processors and infrastructure tools that stay fast under heavy load.',
        inclusions: ['Senior Go engineer', 'gRPC and REST services', 'Benchmarks and profiling with pprof', 'Container-ready builds'],
        faq: [
          {
            question: 'Is Go a good fit for our existing microservices?',
            answer: 'Often, yes. The developer can start with one latency-critical service and measure the gain before you commit further.',
          },
        ],
      },
      hi: {
        name: 'Go डेवलपर',
        summary: 'हाई-थ्रूपुट सर्विस, CLI और क्लाउड टूलिंग के लिए Go इंजीनियर।',
        description: 'ऐसा Go डेवलपर जो सरल, समवर्ती और अच्छी तरह टेस्ट की गई सर्विस लिखे: gRPC और HTTP API, स्ट्रीम प्रोसेसर और ऐसे इन्फ़्रास्ट्रक्चर टूल जो भारी लोड में भी तेज़ रहें।',
        inclusions: ['सीनियर Go इंजीनियर', 'gRPC और REST सर्विस', 'pprof से बेंचमार्क और प्रोफ़ाइलिंग', 'कंटेनर के लिए तैयार बिल्ड'],
        faq: [
          {
            question: 'क्या Go हमारी मौजूदा माइक्रोसर्विस के लिए सही है?',
            answer: 'अक्सर हाँ। डेवलपर किसी एक लेटेंसी-संवेदनशील सर्विस से शुरुआत करके फ़ायदा माप सकता है, फिर आप आगे का फ़ैसला करें।',
          },
        ],
      },
      ar: {
        name: 'مطوّر Go',
        summary: 'مهندسو Go للخدمات عالية الأداء وأدوات سطر الأوامر والأدوات السحابية.',
        description:
          'مطوّر Go يكتب خدمات بسيطة ومتزامنة ومختبرة جيدًا: واجهات gRPC وHTTP، ومعالجات تدفّق البيانات، وأدوات بنية تحتية تبقى سريعة تحت الضغط العالي.',
        inclusions: ['مهندس Go خبير', 'خدمات gRPC وREST', 'قياس الأداء والتحليل عبر pprof', 'بناء جاهز للحاويات'],
        faq: [
          {
            question: 'هل تناسب لغة Go خدماتنا المصغّرة الحالية؟',
            answer: 'غالبًا نعم. يمكن للمطوّر البدء بخدمة واحدة حساسة للتأخير وقياس الفائدة قبل أن تقرروا التوسّع.',
          },
        ],
      },
      de: {
        name: 'Go-Entwickler:in',
        summary: 'Go-Profis für Services mit hohem Durchsatz, CLIs und Cloud-Tools.',
        description:
          'Go-Entwickler:innen schreiben einfache, nebenläufige und gut getestete Services: gRPC- und HTTP-APIs, Stream-Prozessoren und Infrastruktur-Tools, die auch unter hoher Last schnell bleiben.',
        inclusions: ['Senior-Go-Fachkraft', 'gRPC- und REST-Services', 'Benchmarks und Profiling mit pprof', 'Container-fertige Builds'],
        faq: [
          {
            question: 'Passt Go zu unseren bestehenden Microservices?',
            answer: 'Oft ja. Man beginnt mit einem latenzkritischen Service und misst den Gewinn, bevor Sie weiter investieren.',
          },
        ],
      },
    },
  },
];
