/**
 * A fixed corpus for the search tests, as the three upstream indexes send it: services (catalog's
 * service index lines), profiles (talent's) and published pages in en, hi, ar and de (content's),
 * and the ratings of some of them as reviews' ratings index sends them.
 */
const ALL = ['IN', 'AE', 'DE', 'US', 'AU'];
/** Reviews' ratings index: the rated services and PMs below, filled in as they are made. */
const reviews: ReturnType<typeof ratingLine>[] = [];
/** Reviews' ratings index line of a rated item, with the Bayesian average reviews computes (prior: 5 reviews at 3.5). */
function ratingLine(kind: 'service' | 'pm', id: string, r: { count: number; average: number }) {
  return { kind, id, ...r, bayesian: Math.round(((5 * 3.5 + r.count * r.average) / (5 + r.count)) * 100) / 100 };
}
function service(slug: string, name: string, summary: string, category: string, kind = 'role', markets = ALL, rating?: { count: number; average: number }) {
  const _id = `svc-${slug}`;
  if (rating) reviews.push(ratingLine('service', _id, rating));
  return { _id, slug, kind, category, name, summary, markets, prices: [], updatedAt: '2026-10-01T00:00:00.000Z' };
}
function person(
  slug: string,
  kind: string,
  displayName: string,
  headline: string,
  skills: string[],
  industries: string[],
  location: string,
  availability: string,
  rating?: { count: number; average: number },
) {
  const id = `profile-${slug}`;
  if (rating) reviews.push(ratingLine('pm', id, rating));
  return { id, slug, kind, displayName, headline, skills, industries, location, availability, updatedAt: '2026-10-01T00:00:00.000Z' };
}
const page = (slug: string, type: string, lang: string, title: string, summary: string) => ({
  id: `page-${slug}`,
  groupId: `g-${slug}`,
  type,
  lang,
  slug,
  title,
  summary,
  publishedAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
  alternates: [{ lang, slug }],
});

export const CORPUS = {
  catalog: [
    service('react-developer', 'React Developer', 'Hire a React developer for web apps and single-page frontends', 'frontend'),
    service('python-developer', 'Python Developer', 'Backend APIs, data pipelines and automation in Python and Django', 'backend'),
    service('kubernetes-engineer', 'Kubernetes Engineer', 'Cluster setup, Helm charts and cloud operations on AWS and GCP', 'cloud-devops'),
    service('javascript-developer', 'JavaScript Developer', 'Node.js services and browser code', 'frontend'),
    service('typescript-developer', 'TypeScript Developer', 'Typed frontends and Node backends', 'frontend'),
    service('mobile-app-development', 'Mobile App Development', 'iOS and Android apps with Flutter', 'mobile', 'project'),
    service('ui-ux-design', 'UI/UX Design', 'User research, wireframes and design systems', 'design'),
    service('machine-learning-engineer', 'Machine Learning Engineer', 'Model training, MLOps and data science', 'data-ai'),
    service('qa-automation', 'QA Automation Engineer', 'Quality assurance with automated testing', 'quality'),
    service('security-audit', 'Security Audit', 'Penetration testing and cloud security review', 'security', 'project'),
    service('project-manager', 'Project Manager', 'Delivery lead for software projects, Scrum and Kanban', 'product-delivery'),
    service('mvp-build', 'MVP Build', 'A first product version in 8 weeks', 'product-delivery', 'project'),
    service('data-engineer', 'Data Engineer', 'Spark, Kafka and Airflow pipelines', 'data-ai'),
    service('website-launch', 'Website Launch', 'Company website with a CMS in 4 weeks', 'frontend', 'project', ['DE']),
    service('devops-consulting', 'DevOps Consulting', 'CI/CD, Terraform and site reliability', 'cloud-devops'),
  ],
  talent: [
    person('anita-sharma', 'pm', 'Anita Sharma', 'Fintech project manager', ['Scrum', 'Agile', 'Jira'], ['fintech', 'banking'], 'IN', 'available', {
      count: 20,
      average: 4.8,
    }),
    person('omar-haddad', 'pm', 'Omar Haddad', 'Project manager for payments platforms', ['Scrum', 'Kanban'], ['fintech'], 'AE', 'limited', {
      count: 5,
      average: 4.5,
    }),
    person('lena-fischer', 'pm', 'Lena Fischer', 'Healthcare project manager', ['PRINCE2', 'Scrum'], ['healthcare'], 'DE', 'available', {
      count: 40,
      average: 4.9,
    }),
    person('ravi-kumar', 'resource', 'Ravi Kumar', 'Python and Django developer', ['Python', 'Django', 'PostgreSQL'], ['fintech', 'retail'], 'IN', 'available'),
    person('sara-ahmed', 'resource', 'Sara Ahmed', 'Kubernetes and cloud engineer', ['Kubernetes', 'Terraform', 'AWS'], ['retail'], 'AE', 'available'),
    person('jonas-weber', 'resource', 'Jonas Weber', 'React and TypeScript developer', ['React', 'TypeScript', 'Next.js'], ['ecommerce'], 'DE', 'unavailable'),
    person(
      'priya-nair',
      'expert',
      'Priya Nair',
      'Machine learning consultant',
      ['Machine Learning', 'Python', 'MLOps'],
      ['healthcare', 'fintech'],
      'IN',
      'limited',
    ),
    person(
      'mohammed-ali',
      'expert',
      'Mohammed Ali',
      'Security expert and penetration tester',
      ['Security', 'Penetration Testing'],
      ['banking'],
      'AE',
      'available',
    ),
    person('emily-clark', 'pm', 'Emily Clark', 'Product manager for SaaS', ['Roadmaps', 'Agile'], ['saas'], 'US', 'available'),
    person('juergen-mueller', 'resource', 'Jürgen Müller', 'Java Spring developer', ['Java', 'Spring'], ['automotive'], 'DE', 'available'),
  ],
  content: [
    page('how-booking-works', 'page', 'en', 'How booking works', 'Choose a service, pick hours, pay and meet your project manager'),
    page('payments', 'faq', 'en', 'Payments and invoices', 'Which currencies we accept and how refunds work'),
    page('booking-hi', 'page', 'hi', 'बुकिंग कैसे काम करती है', 'सेवा चुनें, घंटे चुनें और भुगतान करें'),
    page('booking-ar', 'page', 'ar', 'كيف يعمل الحجز', 'اختر خدمة وادفع وقابل مدير المشروع'),
    page('buchung-de', 'page', 'de', 'So funktioniert die Buchung', 'Wählen Sie eine Leistung, buchen Sie Stunden und bezahlen Sie'),
    page('hiring-kubernetes', 'article', 'en', 'Hiring a Kubernetes engineer in 2025', 'What to ask before you book'),
    page('datenschutz', 'article', 'de', 'Datenschutz für Kunden', 'Wie wir Ihre Daten schützen'),
    page('prices-ar', 'article', 'ar', 'الأسعار ٢٠٢٥', 'أسعار الخدمات بالدرهم'),
    page('prices-hi', 'article', 'hi', 'मूल्य सूची २०२६', 'सेवाओं के दाम रुपये में'),
  ],
  reviews,
};
