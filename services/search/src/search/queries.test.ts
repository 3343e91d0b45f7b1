import { beforeAll, describe, expect, it } from 'bun:test';
import { createSearchUnderTest } from '../testing.ts';
import { CORPUS } from './corpus.fixture.ts';

/**
 * What people type, in en, hi, ar and de, against the fixed corpus: typos, transliterations,
 * short forms, digits in other scripts, stop words, and words that must not match. `first` is
 * the expected best hit, `has` hits that must be there, `not` hits that must not, `none` no hit.
 */
interface Row {
  q: string;
  types?: string;
  first?: string;
  has?: string[];
  not?: string[];
  none?: true;
}

const TABLE: Record<'en' | 'hi' | 'ar' | 'de', Row[]> = {
  en: [
    { q: 'react', first: 'react-developer', has: ['jonas-weber'] },
    { q: 'reakt', has: ['react-developer', 'jonas-weber'] },
    { q: 'kubernets', has: ['kubernetes-engineer', 'sara-ahmed', 'hiring-kubernetes'] },
    { q: 'kube', has: ['kubernetes-engineer', 'sara-ahmed'] },
    { q: 'pyhton', has: ['python-developer', 'ravi-kumar', 'priya-nair'] },
    { q: 'js', has: ['javascript-developer'], not: ['typescript-developer'] },
    { q: 'ts developer', has: ['typescript-developer', 'jonas-weber'], not: ['python-developer'] },
    { q: 'k8s', has: ['kubernetes-engineer', 'sara-ahmed'] },
    { q: 'PM for fintech', has: ['anita-sharma', 'omar-haddad'], not: ['lena-fischer', 'ravi-kumar'] },
    { q: 'fintech project manager', first: 'anita-sharma', has: ['omar-haddad'], not: ['lena-fischer', 'project-manager'] },
    { q: 'project manager', has: ['project-manager', 'anita-sharma', 'omar-haddad', 'lena-fischer', 'how-booking-works'] },
    { q: 'healthcare', has: ['lena-fischer', 'priya-nair'], not: ['anita-sharma'] },
    { q: 'ml engineer', first: 'machine-learning-engineer' },
    { q: 'qa', has: ['qa-automation'] },
    { q: 'ux', has: ['ui-ux-design'] },
    { q: 'security', has: ['security-audit', 'mohammed-ali'] },
    { q: 'penetration testing', has: ['security-audit', 'mohammed-ali'], not: ['qa-automation'] },
    { q: 'a developer for fintech', has: ['ravi-kumar'], not: ['anita-sharma', 'react-developer'] },
    { q: 'booking', has: ['how-booking-works'] },
    { q: 'refunds', first: 'payments' },
    { q: 'MVP', first: 'mvp-build' },
    { q: 'flutter', first: 'mobile-app-development' },
    { q: 'terrafrom', has: ['sara-ahmed', 'devops-consulting'] },
    { q: 'scrum', has: ['anita-sharma', 'omar-haddad', 'lena-fischer', 'project-manager'] },
    { q: 'JavaScript', has: ['javascript-developer'], not: ['typescript-developer', 'juergen-mueller'] },
    { q: 'java', has: ['juergen-mueller', 'javascript-developer'] },
    { q: 'Muller', first: 'juergen-mueller' },
    { q: 'MÜLLER jürgen', first: 'juergen-mueller' },
    { q: 'Ｒｅａｃｔ', first: 'react-developer' },
    { q: 'devops', has: ['devops-consulting', 'kubernetes-engineer'] },
    { q: 'data pipelines', has: ['python-developer', 'data-engineer'] },
    { q: 'product manager', has: ['emily-clark'], not: ['lena-fischer'] },
    { q: 'pm', has: ['emily-clark', 'anita-sharma', 'project-manager'] },
    { q: 'project manager', types: 'page', first: 'how-booking-works', not: ['anita-sharma'] },
    { q: 'zebra', none: true },
    { q: 'xylophone quantum', none: true },
    { q: 'kubernetes zebra', none: true },
    { q: 'reactor', none: true },
    { q: 'pythonista', none: true },
  ],
  hi: [
    { q: 'डेवलपर', has: ['react-developer', 'python-developer', 'ravi-kumar'] },
    { q: 'पायथन डेवलपर', has: ['python-developer', 'ravi-kumar'], not: ['react-developer'] },
    { q: 'फिनटेक के लिए प्रोजेक्ट मैनेजर', has: ['anita-sharma', 'omar-haddad'], not: ['lena-fischer'] },
    { q: 'फिनटेक मैनेजर', has: ['anita-sharma', 'omar-haddad'] },
    { q: 'बुकिंग', first: 'booking-hi' },
    { q: 'भुगतान', first: 'booking-hi' },
    { q: '२०२६', first: 'prices-hi' },
    { q: '2026', first: 'prices-hi' },
    { q: 'क्लाउड', has: ['kubernetes-engineer', 'sara-ahmed'] },
    { q: 'सुरक्षा', has: ['security-audit', 'mohammed-ali'] },
    { q: 'जावास्क्रिप्ट', first: 'javascript-developer' },
    { q: 'सेवाओं के दाम', first: 'prices-hi' },
    { q: 'मुंबई', none: true },
  ],
  ar: [
    { q: 'مطور', has: ['react-developer', 'python-developer'] },
    { q: 'مطور بايثون', has: ['python-developer', 'ravi-kumar'], not: ['react-developer'] },
    { q: 'مدير مشروع في فنتك', has: ['anita-sharma', 'omar-haddad'], not: ['lena-fischer'] },
    { q: 'الحجز', first: 'booking-ar' },
    { q: 'المطور', has: ['python-developer'] },
    { q: 'أسعار', first: 'prices-ar' },
    { q: 'اسعار', first: 'prices-ar' },
    { q: '٢٠٢٥', has: ['prices-ar', 'hiring-kubernetes'] },
    { q: '۲۰۲۵', has: ['prices-ar', 'hiring-kubernetes'] },
    { q: 'كيف يعمل الحجز', first: 'booking-ar' },
    { q: 'سحابة', has: ['kubernetes-engineer', 'sara-ahmed'] },
    { q: 'خبير أمن', first: 'mohammed-ali' },
    { q: 'مُطَوِّر', has: ['react-developer'] },
    { q: 'دبي', none: true },
  ],
  de: [
    { q: 'Entwickler', has: ['react-developer', 'python-developer', 'ravi-kumar'] },
    { q: 'Python Entwickler', has: ['python-developer', 'ravi-kumar'], not: ['react-developer'] },
    { q: 'Projektleiter für Fintech', has: ['anita-sharma', 'omar-haddad'], not: ['lena-fischer'] },
    { q: 'Buchung', first: 'buchung-de' },
    { q: 'funktioniert', first: 'buchung-de' },
    { q: 'Gesundheitswesen', has: ['lena-fischer', 'priya-nair'] },
    { q: 'Datenschutz', first: 'datenschutz' },
    { q: 'schützen', first: 'datenschutz' },
    { q: 'SCHUTZEN', first: 'datenschutz' },
    { q: 'Berater', has: ['priya-nair'] },
    { q: 'Sicherheit', has: ['security-audit', 'mohammed-ali'] },
    { q: 'Wählen Sie eine Leistung', first: 'buchung-de' },
    { q: 'Straßenbahn', none: true },
  ],
};

describe('the one search over a fixed corpus, in en, hi, ar and de', () => {
  let search: Awaited<ReturnType<typeof createSearchUnderTest>>['search'];
  beforeAll(async () => {
    ({ search } = await createSearchUnderTest({ upstreams: CORPUS }));
  });

  it('has at least 60 queries', () => {
    expect(Object.values(TABLE).flat().length).toBeGreaterThanOrEqual(60);
  });

  for (const [lang, rows] of Object.entries(TABLE)) {
    for (const row of rows) {
      it(`${lang}: "${row.q}"${row.types ? ` (types=${row.types})` : ''}`, async () => {
        const res = await search(row.q, `&limit=50${row.types ? `&types=${row.types}` : ''}`);
        expect(res.status).toBe(200);
        if (row.none) expect(res.slugs).toEqual([]);
        else expect(res.slugs.length).toBeGreaterThan(0);
        if (row.first) expect(res.slugs[0]).toBe(row.first);
        for (const slug of row.has ?? []) expect(res.slugs).toContain(slug);
        for (const slug of row.not ?? []) expect(res.slugs).not.toContain(slug);
      });
    }
  }
});
