import type { SeedService } from '../types.ts';

/** Hire-a-role: data and AI specialists. */
export const DATA_AI: SeedService[] = [
  {
    slug: 'data-engineer',
    kind: 'role',
    category: 'data-ai',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 300000, AE: 32000, DE: 9500, US: 11000, AU: 14500 },
    copy: {
      en: {
        name: 'Data Engineer',
        summary: 'Reliable pipelines that move, clean and model your data.',
        description:
          'Hire a data engineer who builds batch and streaming pipelines with Airflow, dbt, Spark or Kafka, models your warehouse for analytics and sets up data quality checks so your dashboards can be trusted.',
        inclusions: ['Senior data engineer', 'ELT pipelines with dbt and Airflow', 'Data quality tests and alerts', 'Documentation of every data source'],
        faq: [
          {
            question: 'Which warehouses do you work with?',
            answer: 'Snowflake, BigQuery, Redshift, Databricks and PostgreSQL are the most common; the engineer adapts to your platform.',
          },
        ],
      },
      hi: {
        name: 'डेटा इंजीनियर',
        summary: 'भरोसेमंद पाइपलाइन, जो आपका डेटा लाती हैं, साफ़ करती हैं और व्यवस्थित करती हैं।',
        description:
          'ऐसा डेटा इंजीनियर हायर करें जो Airflow, dbt, Spark या Kafka से बैच और स्ट्रीमिंग पाइपलाइन बनाए, एनालिटिक्स के लिए आपके वेयरहाउस का मॉडल तैयार करे और डेटा गुणवत्ता जाँच लगाए, ताकि आपके डैशबोर्ड पर भरोसा किया जा सके।',
        inclusions: ['सीनियर डेटा इंजीनियर', 'dbt और Airflow से ELT पाइपलाइन', 'डेटा गुणवत्ता टेस्ट और अलर्ट', 'हर डेटा स्रोत का दस्तावेज़'],
        faq: [
          {
            question: 'आप किन वेयरहाउस के साथ काम करते हैं?',
            answer: 'Snowflake, BigQuery, Redshift, Databricks और PostgreSQL सबसे आम हैं; इंजीनियर आपके प्लेटफ़ॉर्म के अनुसार काम करता है।',
          },
        ],
      },
      ar: {
        name: 'مهندس بيانات',
        summary: 'خطوط بيانات موثوقة تنقل بياناتك وتنظّفها وتنمذجها.',
        description:
          'وظّف مهندس بيانات يبني خطوط معالجة دفعية وفورية باستخدام Airflow وdbt وSpark أو Kafka، وينمذج مستودع البيانات للتحليلات، ويضع فحوصات جودة البيانات لتكون لوحات المعلومات لديك جديرة بالثقة.',
        inclusions: ['مهندس بيانات خبير', 'خطوط ELT عبر dbt وAirflow', 'اختبارات جودة البيانات والتنبيهات', 'توثيق كل مصدر بيانات'],
        faq: [
          {
            question: 'مع أي مستودعات بيانات تعملون؟',
            answer: 'Snowflake وBigQuery وRedshift وDatabricks وPostgreSQL هي الأكثر شيوعًا، ويتكيّف المهندس مع منصتكم.',
          },
        ],
      },
      de: {
        name: 'Data Engineer',
        summary: 'Zuverlässige Pipelines, die Ihre Daten bewegen, bereinigen und modellieren.',
        description:
          'Data Engineers bauen Batch- und Streaming-Pipelines mit Airflow, dbt, Spark oder Kafka, modellieren Ihr Data Warehouse für Analysen und richten Datenqualitätsprüfungen ein, damit Sie Ihren Dashboards vertrauen können.',
        inclusions: ['Erfahrene:r Data Engineer', 'ELT-Pipelines mit dbt und Airflow', 'Datenqualitätstests und Alarme', 'Dokumentation jeder Datenquelle'],
        faq: [
          {
            question: 'Mit welchen Data Warehouses arbeiten Sie?',
            answer: 'Am häufigsten mit Snowflake, BigQuery, Redshift, Databricks und PostgreSQL – gearbeitet wird auf Ihrer Plattform.',
          },
        ],
      },
    },
  },
  {
    slug: 'data-scientist',
    kind: 'role',
    category: 'data-ai',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 320000, AE: 34000, DE: 9800, US: 11500, AU: 15000 },
    copy: {
      en: {
        name: 'Data Scientist',
        summary: 'Turn your data into forecasts, experiments and decisions.',
        description:
          'A data scientist who frames the business question first, then builds forecasting, churn or pricing models in Python, runs A/B test analyses and explains the results in plain language to your stakeholders.',
        inclusions: ['Experienced data scientist', 'Exploratory analysis and clear reporting', 'Predictive models in Python', 'A/B test design and evaluation'],
        faq: [
          {
            question: 'Do we need a data warehouse first?',
            answer: 'Not necessarily. The data scientist can start from exports or a read replica and tell you what to invest in next.',
          },
        ],
      },
      hi: {
        name: 'डेटा साइंटिस्ट',
        summary: 'अपने डेटा को पूर्वानुमान, प्रयोग और फ़ैसलों में बदलें।',
        description:
          'ऐसा डेटा साइंटिस्ट जो पहले बिज़नेस के सवाल को समझे, फिर Python में पूर्वानुमान, ग्राहक छोड़ने (churn) या मूल्य निर्धारण के मॉडल बनाए, A/B टेस्ट का विश्लेषण करे और नतीजे आपके हितधारकों को आसान भाषा में समझाए।',
        inclusions: ['अनुभवी डेटा साइंटिस्ट', 'खोजपूर्ण विश्लेषण और स्पष्ट रिपोर्टिंग', 'Python में प्रेडिक्टिव मॉडल', 'A/B टेस्ट की रूपरेखा और मूल्यांकन'],
        faq: [
          {
            question: 'क्या पहले हमें डेटा वेयरहाउस चाहिए?',
            answer: 'ज़रूरी नहीं। डेटा साइंटिस्ट एक्सपोर्ट या रीड रेप्लिका से शुरुआत कर सकता है और बता सकता है कि आगे किसमें निवेश करें।',
          },
        ],
      },
      ar: {
        name: 'عالم بيانات',
        summary: 'حوّل بياناتك إلى توقعات وتجارب وقرارات.',
        description:
          'عالم بيانات يحدد سؤال العمل أولًا، ثم يبني نماذج للتنبؤ أو توقّع فقدان العملاء أو التسعير بلغة Python، ويحلّل اختبارات A/B، ويشرح النتائج بلغة بسيطة لأصحاب القرار.',
        inclusions: ['عالم بيانات متمرّس', 'تحليل استكشافي وتقارير واضحة', 'نماذج تنبؤية بلغة Python', 'تصميم اختبارات A/B وتقييمها'],
        faq: [
          {
            question: 'هل نحتاج إلى مستودع بيانات أولًا؟',
            answer: 'ليس بالضرورة. يمكن لعالم البيانات البدء من ملفات مُصدّرة أو نسخة قراءة، ثم يوضح لكم أين تستثمرون لاحقًا.',
          },
        ],
      },
      de: {
        name: 'Data Scientist',
        summary: 'Machen Sie aus Ihren Daten Prognosen, Experimente und Entscheidungen.',
        description:
          'Data Scientists klären zuerst die fachliche Frage, bauen dann Prognose-, Churn- oder Preismodelle in Python, werten A/B-Tests aus und erklären die Ergebnisse verständlich für Ihre Entscheider:innen.',
        inclusions: [
          'Erfahrene:r Data Scientist',
          'Explorative Analyse und klare Berichte',
          'Vorhersagemodelle in Python',
          'Design und Auswertung von A/B-Tests',
        ],
        faq: [
          {
            question: 'Brauchen wir zuerst ein Data Warehouse?',
            answer: 'Nicht unbedingt. Der Einstieg gelingt auch mit Exporten oder einem Read-Replica; danach wissen Sie, wo sich Investitionen lohnen.',
          },
        ],
      },
    },
  },
  {
    slug: 'ml-engineer',
    kind: 'role',
    category: 'data-ai',
    defaultHours: 160,
    minHours: 40,
    rates: { IN: 360000, AE: 38000, DE: 11000, US: 13000, AU: 16500 },
    copy: {
      en: {
        name: 'Machine Learning Engineer',
        summary: 'Take models from notebook to production, including LLM features.',
        description:
          'Hire an ML engineer who deploys and monitors models, builds retrieval-augmented generation with large language models, sets up feature stores and evaluation, and keeps inference costs under control.',
        inclusions: ['Senior ML engineer', 'Model serving and monitoring', 'LLM and RAG integration', 'Evaluation datasets and cost tracking'],
        faq: [
          {
            question: 'Can you work with OpenAI or open-source models?',
            answer: 'Both. The engineer compares hosted and self-hosted options on quality, latency and cost for your use case.',
          },
        ],
      },
      hi: {
        name: 'मशीन लर्निंग इंजीनियर',
        summary: 'मॉडल को नोटबुक से प्रोडक्शन तक ले जाएँ, LLM फ़ीचर समेत।',
        description:
          'ऐसा ML इंजीनियर हायर करें जो मॉडल डिप्लॉय और मॉनिटर करे, बड़े भाषा मॉडल (LLM) के साथ रिट्रीवल-ऑगमेंटेड जनरेशन बनाए, फ़ीचर स्टोर और मूल्यांकन सेट करे और इन्फ़रेंस की लागत को काबू में रखे।',
        inclusions: ['सीनियर ML इंजीनियर', 'मॉडल सर्विंग और मॉनिटरिंग', 'LLM और RAG इंटीग्रेशन', 'मूल्यांकन डेटासेट और लागत ट्रैकिंग'],
        faq: [
          {
            question: 'क्या आप OpenAI या ओपन-सोर्स मॉडल के साथ काम कर सकते हैं?',
            answer: 'दोनों के साथ। इंजीनियर आपकी ज़रूरत के लिए होस्टेड और सेल्फ़-होस्टेड विकल्पों की गुणवत्ता, गति और लागत की तुलना करता है।',
          },
        ],
      },
      ar: {
        name: 'مهندس تعلّم آلي',
        summary: 'انقل النماذج من دفتر التجارب إلى الإنتاج، بما في ذلك ميزات النماذج اللغوية الكبيرة.',
        description:
          'وظّف مهندس تعلّم آلي ينشر النماذج ويراقبها، ويبني التوليد المعزّز بالاسترجاع باستخدام النماذج اللغوية الكبيرة، ويُعدّ مخازن الخصائص والتقييم، ويضبط تكاليف التشغيل.',
        inclusions: ['مهندس تعلّم آلي خبير', 'تشغيل النماذج ومراقبتها', 'دمج النماذج اللغوية الكبيرة وRAG', 'بيانات تقييم وتتبّع التكاليف'],
        faq: [
          {
            question: 'هل تعملون مع نماذج OpenAI أو النماذج مفتوحة المصدر؟',
            answer: 'مع كليهما. يقارن المهندس الخيارات المستضافة والذاتية من حيث الجودة والسرعة والتكلفة لحالتكم.',
          },
        ],
      },
      de: {
        name: 'Machine Learning Engineer',
        summary: 'Modelle vom Notebook in die Produktion bringen – inklusive LLM-Features.',
        description:
          'ML Engineers deployen und überwachen Modelle, bauen Retrieval-Augmented Generation mit großen Sprachmodellen, richten Feature Stores und Evaluierungen ein und behalten die Inferenzkosten im Griff.',
        inclusions: ['Erfahrene:r ML Engineer', 'Model Serving und Monitoring', 'Integration von LLMs und RAG', 'Evaluierungsdaten und Kostenkontrolle'],
        faq: [
          {
            question: 'Arbeiten Sie mit OpenAI oder Open-Source-Modellen?',
            answer: 'Mit beiden. Gehostete und selbst betriebene Optionen werden für Ihren Anwendungsfall nach Qualität, Latenz und Kosten verglichen.',
          },
        ],
      },
    },
  },
];
