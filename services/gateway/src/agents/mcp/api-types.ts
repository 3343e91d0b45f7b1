import type { CurrencyCode } from '@tm/contracts';

/**
 * The catalog's and talent's public answers as this gateway reads them. The services own the
 * schemas (services/catalog/src/services/model.ts, services/talent/src/profiles/model.ts); the
 * gateway may not import another workspace, so these mirror only the fields the tools use.
 */

export interface ApiPmPreview {
  id: string;
  slug: string;
  displayName: string;
  headline: string;
  rating: number;
  reviewCount: number;
  availability: { status: string; hoursPerWeek: number; nextAvailableDate: string };
  profileUrl: string;
}

export interface ApiService {
  _id: string;
  slug: string;
  kind: string;
  category: string;
  lang: string;
  name: string;
  summary: string;
  description: string;
  inclusions: string[];
  faq: { question: string; answer: string }[];
  pricing: {
    market: string;
    currency: CurrencyCode;
    hourlyRate: number;
    defaultHours: number;
    minHours: number;
    estimatedAmount: number;
    taxName: string;
    taxRateBasisPoints: number;
  };
  markets: string[];
  availablePms?: ApiPmPreview[];
}

export interface ApiQuoteLine {
  serviceId: string;
  slug: string;
  name: string;
  hours: number;
  billedHours: number;
  qty: number;
  unitAmount: number;
  amount: number;
  minimumApplied: boolean;
  note?: string;
}

export interface ApiQuote {
  market: string;
  currency: CurrencyCode;
  lines: ApiQuoteLine[];
  subtotal: number;
  tax: { name: string; rateBasisPoints: number; amount: number };
  total: number;
  validUntil: string;
  validForSeconds: number;
}

export interface ApiProfile {
  id: string;
  slug: string;
  role: string;
  displayName: string;
  headline: string;
  bio: string;
  skills: { name: string; years: number }[];
  experience: { company: string; title: string; from: string; to: string | null; summary: string }[];
  languages: { code: string; name: string; proficiency: string }[];
  location: { market: string; city: string };
  rating: number;
  reviewCount: number;
  availability: { status: string; hoursPerWeek: number; nextAvailableDate: string };
  services: string[];
  profileUrl: string;
  updatedAt: string;
}
