/**
 * Disciplines the seed generator draws from: what a person in that line of work lists as
 * skills, which catalog services they deliver and the kind of work their history shows.
 * Company names are fictional.
 */
export interface Track {
  skills: readonly string[];
  services: readonly string[];
  /** Job titles from junior to senior. */
  titles: readonly string[];
  companies: readonly string[];
  /** What they did, as "<verb phrase>" fragments for experience summaries. */
  work: readonly string[];
  /** The field in a few words, for headlines. */
  label: string;
  /** A clause for the bio: "... years <focus>". */
  focus: string;
}

export const TRACKS = {
  'pm-web': {
    label: 'Web product delivery',
    skills: ['Agile delivery', 'Scrum', 'Stakeholder management', 'Jira', 'Release planning', 'Budget tracking'],
    services: [
      'mvp-build',
      'ecommerce-store-build',
      'website-redesign',
      'api-integration',
      'react-developer',
      'nextjs-developer',
      'node-backend-developer',
      'vue-developer',
      'angular-developer',
      'ui-ux-designer',
      'qa-automation-engineer',
    ],
    titles: ['Associate Project Manager', 'Project Manager', 'Senior Project Manager', 'Delivery Lead'],
    companies: ['Brightlane Digital', 'Kestrel Commerce', 'Northwind Retail Tech', 'Saffron Labs', 'Harbourline Studios'],
    work: [
      'ran delivery of a multi-brand storefront rebuild for a retail group',
      'took a seed-stage marketplace from wireframes to launch in eleven weeks',
      'coordinated three squads shipping a customer self-service portal',
      'introduced fortnightly release trains that cut slipped sprints by half',
    ],
    focus: 'leading web product teams from discovery to launch',
  },
  'pm-mobile': {
    label: 'Mobile app delivery',
    skills: ['Mobile release management', 'Scrum', 'App Store submissions', 'Product roadmapping', 'Risk management', 'Confluence'],
    services: [
      'mobile-app-build',
      'mvp-build',
      'ios-developer',
      'android-developer',
      'flutter-developer',
      'react-native-developer',
      'qa-automation-engineer',
      'ui-ux-designer',
    ],
    titles: ['Project Coordinator', 'Project Manager', 'Senior Project Manager', 'Mobile Delivery Lead'],
    companies: ['Tapwise Apps', 'Orbit Mobile', 'Pinecone Health', 'Metrolink Mobility', 'Quokka Software'],
    work: [
      'delivered a telehealth app to both stores with a 4.7 rating at launch',
      'managed the rewrite of a ride-booking app from native to Flutter',
      'set up the beta programme and crash triage for a banking app',
      'planned phased roll-outs for an app with two million monthly users',
    ],
    focus: 'shipping mobile apps to the App Store and Google Play',
  },
  'pm-data': {
    label: 'Data and AI programmes',
    skills: ['Data programme management', 'Kanban', 'Vendor management', 'SQL', 'Requirements analysis', 'AI product delivery'],
    services: [
      'data-warehouse-setup',
      'ai-chatbot-integration',
      'data-engineer',
      'data-scientist',
      'ml-engineer',
      'api-integration',
      'performance-optimization',
      'python-django-developer',
    ],
    titles: ['Business Analyst', 'Project Manager', 'Senior Project Manager', 'Head of Data Delivery'],
    companies: ['Lumen Analytics', 'Cedar Insurance Group', 'Vantage Logistics', 'Quantra Data', 'Bluegum Energy'],
    work: [
      'ran the migration of a reporting estate to a cloud warehouse',
      'delivered a customer-support chatbot that now resolves a third of tickets',
      'coordinated data engineers and analysts across three time zones',
      'set up the data-quality review that unblocked a regulatory audit',
    ],
    focus: 'delivering data platforms and AI features that people actually use',
  },
  'pm-cloud': {
    label: 'Cloud migrations and platforms',
    skills: ['Infrastructure programme management', 'ITIL', 'Change management', 'Cost control', 'SAFe', 'Cutover planning'],
    services: [
      'cloud-migration',
      'kubernetes-setup',
      'ci-cd-pipeline-setup',
      'devops-engineer',
      'site-reliability-engineer',
      'cloud-architect',
      'golang-developer',
      'java-spring-developer',
      'performance-optimization',
    ],
    titles: ['IT Project Coordinator', 'Project Manager', 'Senior Project Manager', 'Programme Manager'],
    companies: ['Stratus Infra', 'Meridian Bank IT', 'Helix Cloud Partners', 'Fjord Systems', 'Redgum Networks'],
    work: [
      'planned and ran a zero-downtime cutover of 140 services to the cloud',
      'delivered a Kubernetes platform adopted by twelve product teams',
      'cut monthly cloud spend by 28% through a rightsizing programme',
      'coordinated the CI/CD overhaul that took deploys from weekly to daily',
    ],
    focus: 'running cloud migrations and platform programmes',
  },
  'pm-security': {
    label: 'Security and compliance programmes',
    skills: ['Security programme management', 'ISO 27001', 'Risk registers', 'Audit coordination', 'Scrum', 'Vendor assessment'],
    services: ['security-audit', 'security-engineer', 'cloud-migration', 'api-integration', 'qa-automation-engineer'],
    titles: ['Compliance Analyst', 'Project Manager', 'Senior Project Manager', 'Security Programme Lead'],
    companies: ['Sentinel Assurance', 'Ironbark Security', 'Paragon Payments', 'Atlas Health Systems'],
    work: [
      'coordinated an ISO 27001 certification from gap analysis to audit',
      'ran a penetration-test programme across forty applications',
      'managed remediation of findings from a payment-card audit',
      'set up the vendor security review used for every new supplier',
    ],
    focus: 'running security audits and compliance programmes',
  },
  frontend: {
    label: 'Frontend',
    skills: ['React', 'TypeScript', 'Next.js', 'CSS', 'Testing Library', 'Vue.js', 'Angular', 'Accessibility'],
    services: ['react-developer', 'nextjs-developer', 'vue-developer', 'angular-developer', 'website-redesign'],
    titles: ['Frontend Developer', 'Senior Frontend Developer', 'Lead Frontend Engineer'],
    companies: ['Brightlane Digital', 'Saffron Labs', 'Pixelfort', 'Northwind Retail Tech', 'Gridline Media'],
    work: [
      'built the design-system components used across six product teams',
      'rebuilt a checkout flow in Next.js, lifting conversion by 9%',
      'migrated a large AngularJS app to Angular one route at a time',
      'brought a dashboard to WCAG 2.1 AA compliance',
    ],
    focus: 'building fast, accessible web front ends',
  },
  backend: {
    label: 'Backend architecture',
    skills: ['Node.js', 'TypeScript', 'PostgreSQL', 'Python', 'Django', 'REST API design', 'Redis', 'Go', 'Java', 'Spring Boot'],
    services: ['node-backend-developer', 'python-django-developer', 'java-spring-developer', 'golang-developer', 'api-integration', 'performance-optimization'],
    titles: ['Backend Developer', 'Senior Backend Engineer', 'Staff Engineer'],
    companies: ['Kestrel Payments', 'Vantage Logistics', 'Quantra Data', 'Meridian Bank IT', 'Fjord Systems'],
    work: [
      'designed the order API serving 3,000 requests per second at peak',
      'integrated four payment gateways behind a single internal API',
      'cut p95 latency of a pricing service from 900 ms to 120 ms',
      'split a Django monolith into services without a feature freeze',
    ],
    focus: 'designing and scaling backend services and APIs',
  },
  mobile: {
    label: 'Mobile',
    skills: ['Swift', 'Kotlin', 'Flutter', 'React Native', 'Dart', 'Firebase', 'SwiftUI', 'Jetpack Compose'],
    services: ['ios-developer', 'android-developer', 'flutter-developer', 'react-native-developer', 'mobile-app-build'],
    titles: ['Mobile Developer', 'Senior Mobile Engineer', 'Lead Mobile Engineer'],
    companies: ['Tapwise Apps', 'Orbit Mobile', 'Pinecone Health', 'Quokka Software', 'Metrolink Mobility'],
    work: [
      'shipped offline-first field-service apps on iOS and Android',
      'built the Flutter app of a grocery delivery start-up from scratch',
      'halved cold-start time of a banking app',
      'led the move to SwiftUI and Jetpack Compose',
    ],
    focus: 'building native and cross-platform mobile apps',
  },
  data: {
    label: 'Data engineering',
    skills: ['Python', 'SQL', 'Apache Spark', 'dbt', 'Airflow', 'Snowflake', 'BigQuery', 'Kafka'],
    services: ['data-engineer', 'data-warehouse-setup', 'api-integration'],
    titles: ['Data Engineer', 'Senior Data Engineer', 'Lead Data Engineer'],
    companies: ['Lumen Analytics', 'Quantra Data', 'Bluegum Energy', 'Cedar Insurance Group', 'Vantage Logistics'],
    work: [
      'built the dbt and Airflow pipelines behind daily board reporting',
      'moved a 40 TB warehouse to Snowflake with no reporting gaps',
      'set up streaming ingestion from IoT meters with Kafka',
      'introduced data contracts between product and analytics teams',
    ],
    focus: 'building reliable data pipelines and warehouses',
  },
  ml: {
    label: 'Machine learning',
    skills: ['Python', 'PyTorch', 'scikit-learn', 'LLM integration', 'MLOps', 'NLP', 'Statistics', 'Vector search'],
    services: ['data-scientist', 'ml-engineer', 'ai-chatbot-integration'],
    titles: ['Data Scientist', 'Machine Learning Engineer', 'Senior ML Engineer', 'Principal Data Scientist'],
    companies: ['Lumen Analytics', 'Cedar Insurance Group', 'Saffron Labs', 'Quantra Data', 'Atlas Health Systems'],
    work: [
      'built a claims-triage model that routes 60% of claims automatically',
      'shipped a retrieval-augmented support assistant over 20,000 documents',
      'set up model monitoring and retraining for demand forecasts',
      'ran pricing experiments that lifted margin by 3 points',
    ],
    focus: 'taking machine-learning and LLM features from notebook to production',
  },
  devops: {
    label: 'Cloud and DevOps',
    skills: ['Kubernetes', 'Terraform', 'AWS', 'GitHub Actions', 'Prometheus', 'Linux', 'Azure', 'Google Cloud'],
    services: ['devops-engineer', 'site-reliability-engineer', 'cloud-architect', 'ci-cd-pipeline-setup', 'kubernetes-setup', 'cloud-migration'],
    titles: ['DevOps Engineer', 'Site Reliability Engineer', 'Senior SRE', 'Cloud Architect'],
    companies: ['Stratus Infra', 'Helix Cloud Partners', 'Redgum Networks', 'Fjord Systems', 'Kestrel Payments'],
    work: [
      'built the Terraform modules every team now provisions with',
      'took a payments platform to 99.99% availability with SLOs and on-call',
      'moved CI from Jenkins to GitHub Actions across 80 repositories',
      'designed a multi-account AWS landing zone',
    ],
    focus: 'running cloud infrastructure, CI/CD and on-call',
  },
  design: {
    label: 'Product design',
    skills: ['Figma', 'User research', 'Interaction design', 'Design systems', 'Prototyping', 'Usability testing'],
    services: ['ui-ux-designer', 'website-redesign'],
    titles: ['UI Designer', 'Product Designer', 'Senior Product Designer', 'Design Lead'],
    companies: ['Pixelfort', 'Gridline Media', 'Harbourline Studios', 'Brightlane Digital'],
    work: [
      'redesigned onboarding and cut drop-off by a quarter',
      'built a Figma design system with tokens shared with engineering',
      'ran usability studies in four countries ahead of a relaunch',
      'designed the booking flow of a travel app',
    ],
    focus: 'designing products that are simple to use',
  },
  qa: {
    label: 'Test automation',
    skills: ['Playwright', 'Cypress', 'Selenium', 'API testing', 'k6', 'Test strategy', 'Appium'],
    services: ['qa-automation-engineer', 'performance-optimization'],
    titles: ['QA Engineer', 'Senior QA Automation Engineer', 'QA Lead'],
    companies: ['Paragon Payments', 'Tapwise Apps', 'Meridian Bank IT', 'Kestrel Commerce'],
    work: [
      'replaced a manual regression week with a 25-minute Playwright suite',
      'built contract tests between twelve microservices',
      'load-tested a ticketing platform ahead of a national on-sale',
      'set up device-farm testing for a mobile wallet',
    ],
    focus: 'building test automation that teams trust',
  },
  security: {
    label: 'Application security',
    skills: ['Penetration testing', 'OWASP', 'Threat modelling', 'Cloud security', 'SIEM', 'Secure code review', 'ISO 27001'],
    services: ['security-engineer', 'security-audit'],
    titles: ['Security Analyst', 'Security Engineer', 'Senior Security Consultant', 'Principal Security Engineer'],
    companies: ['Sentinel Assurance', 'Ironbark Security', 'Paragon Payments', 'Atlas Health Systems'],
    work: [
      'led penetration tests for banks and insurers',
      'built the threat-modelling practice of a health-tech company',
      'hardened a multi-cloud estate after an external audit',
      'ran secure-code training for 200 developers',
    ],
    focus: 'finding and fixing security weaknesses before attackers do',
  },
  ecommerce: {
    label: 'Ecommerce',
    skills: ['Shopify', 'Magento', 'Headless commerce', 'Stripe', 'Next.js', 'Conversion optimisation'],
    services: ['ecommerce-store-build', 'nextjs-developer', 'api-integration', 'website-redesign'],
    titles: ['Ecommerce Developer', 'Senior Ecommerce Engineer', 'Commerce Architect'],
    companies: ['Kestrel Commerce', 'Northwind Retail Tech', 'Saffron Labs', 'Harbourline Studios'],
    work: [
      'launched headless Shopify stores for three fashion brands',
      'migrated a Magento store with 40,000 SKUs without losing SEO rank',
      'integrated regional payment methods for the Gulf market',
      'rebuilt a product search that doubled add-to-cart rate',
    ],
    focus: 'building online stores that sell',
  },
} as const satisfies Record<string, Track>;

export type TrackName = keyof typeof TRACKS;
