/**
 * deploy/k8s is checked by rendering it as `kustomize build` would (no cluster and no kustomize
 * binary here): a small renderer below reads kustomization.yaml, its resources, its namespace,
 * images and secretGenerator, and the checks then run on the rendered objects, for every service.
 * The network rules are checked by evaluating them: which service's pods may open a connection
 * to which, compared with who calls whom (the Deployments' *_URL variables).
 */
import { describe, expect, it } from 'bun:test';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { HEALTH_PATH, READY_PATH } from '@tm/shared';
import { SERVICE_RUNTIME_ENV } from '@tm/shared/process';
import YAML from 'yaml';
import { repoRoot } from './support/system.ts';

type Labels = Record<string, string>;
type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Labels }; [key: string]: unknown };
type EnvVar = { name: string; value?: string };
type Probe = { httpGet?: { path: string; port: string | number }; periodSeconds?: number };
type Container = {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { secretRef?: { name: string } }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: { requests?: { cpu?: string; memory?: string }; limits?: { cpu?: string; memory?: string } };
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    capabilities?: { drop?: string[]; add?: string[] };
    privileged?: boolean;
  };
  volumeMounts?: { name: string; mountPath: string }[];
};
type Deployment = K8sObject & {
  spec: {
    replicas?: number;
    selector: { matchLabels: Labels };
    template: {
      metadata: { labels: Labels };
      spec: {
        automountServiceAccountToken?: boolean;
        securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; seccompProfile?: { type: string } };
        containers: Container[];
        volumes?: { name: string; emptyDir?: object }[];
      };
    };
  };
};
type Peer = { podSelector?: { matchLabels?: Labels }; namespaceSelector?: { matchLabels?: Labels }; ipBlock?: unknown };
type NetworkPolicy = K8sObject & {
  spec: { podSelector: { matchLabels?: Labels }; policyTypes?: string[]; ingress?: { from?: Peer[]; ports?: { port: string | number }[] }[] };
};

const k8sDir = join(repoRoot, 'deploy/k8s');
const apps = ['gateway', 'auth', 'catalog', 'talent', 'bookings', 'messaging', 'content', 'reviews', 'search', 'growth', 'assistant'] as const;
/**
 * Services to run as one replica without an autoscaler: a background duty not safe twice at once.
 * None since issue 19's replica safety (leases and the outbox: docs/operations.md): every service
 * keeps its state in MongoDB and Redis only. A service that gains such a duty is listed here.
 */
const singletons = new Set<string>([]);
const compose = YAML.parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { environment?: Record<string, string> }>;
};
const clusterScoped = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding']);

/** The `KEY=value` lines of an env file, comments and blank lines skipped. */
function envFile(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (m?.[1] !== undefined) out[m[1]] = m[2] ?? '';
  }
  return out;
}

type Kustomization = {
  namespace?: string;
  resources?: string[];
  images?: { name: string; newName?: string; newTag?: string }[];
  secretGenerator?: { name: string; envs?: string[] }[];
};

/**
 * `kustomize build dir`, for what this kustomization uses: resources (files or folders with their
 * own kustomization), the namespace, images and secretGenerator (from the env file, or its
 * `.example` when the real one is absent, as on a fresh clone; names without the content hash).
 */
function render(dir: string): { objects: K8sObject[]; kustomization: Kustomization } {
  const kustomization = YAML.parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  const objects: K8sObject[] = [];
  for (const resource of kustomization.resources ?? []) {
    const path = join(dir, resource);
    if (statSync(path).isDirectory()) objects.push(...render(path).objects);
    else for (const doc of YAML.parseAllDocuments(readFileSync(path, 'utf8'))) if (doc.contents !== null) objects.push(doc.toJS() as K8sObject);
  }
  for (const gen of kustomization.secretGenerator ?? []) {
    const data: Record<string, string> = {};
    for (const env of gen.envs ?? []) {
      const path = join(dir, env);
      Object.assign(data, envFile(existsSync(path) ? path : `${path}.example`));
    }
    objects.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: gen.name }, type: 'Opaque', stringData: data });
  }
  for (const obj of objects) {
    if (kustomization.namespace && !clusterScoped.has(obj.kind)) obj.metadata.namespace = kustomization.namespace;
    if (obj.kind !== 'Deployment') continue;
    for (const c of (obj as Deployment).spec.template.spec.containers) {
      const image = kustomization.images?.find((i) => i.name === c.image.split(':')[0]);
      if (image) c.image = `${image.newName ?? image.name}:${image.newTag ?? 'latest'}`;
    }
  }
  return { objects, kustomization };
}

const { objects, kustomization } = render(k8sDir);
const find = <T extends K8sObject>(kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name) as T | undefined;
const all = <T extends K8sObject>(kind: string) => objects.filter((o) => o.kind === kind) as T[];
const deployment = (app: string) => find<Deployment>('Deployment', app) as Deployment;
const containerOf = (app: string) => deployment(app).spec.template.spec.containers[0] as Container;
const envOf = (app: string) => Object.fromEntries((containerOf(app).env ?? []).map((e) => [e.name, e.value ?? '']));
const secretOf = (app: string) => find<K8sObject & { stringData: Record<string, string> }>('Secret', `${app}-secrets`);
const matches = (selector: Labels | undefined, labels: Labels) => Object.entries(selector ?? {}).every(([k, v]) => labels[k] === v);

/** The service source (not tests) plus @tm/shared's, where a variable a service reads is named. */
function sourceOf(dir: string): string {
  let text = '';
  if (!existsSync(dir)) return text;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) text += sourceOf(path);
    else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) text += readFileSync(path, 'utf8');
  }
  return text;
}
const sharedSource = sourceOf(join(repoRoot, 'packages/shared/src'));
/** Variables read by Bun itself, not by the code. */
const runtimeVariables = new Set(['BUN_RUNTIME_TRANSPILER_CACHE_PATH']);

/** The services `app` calls: the hosts of its http:// *_URL variables that are Services here. */
function calleesOf(app: string): string[] {
  return Object.entries(envOf(app))
    .filter(([name, value]) => name.endsWith('_URL') && value.startsWith('http://'))
    .map(([, value]) => new URL(value).hostname)
    .filter((host) => find('Service', host) !== undefined);
}

/** Whether the rendered NetworkPolicies let a pod with `labels` in `namespace` connect to `target`'s pods. */
function ingressAllowed(target: string, from: { labels: Labels; namespace: string }): boolean {
  const podLabels = deployment(target).spec.template.metadata.labels;
  const selecting = all<NetworkPolicy>('NetworkPolicy').filter(
    (p) => p.metadata.namespace === kustomization.namespace && matches(p.spec.podSelector.matchLabels, podLabels) && p.spec.policyTypes?.includes('Ingress'),
  );
  if (selecting.length === 0) return true;
  return selecting.some((p) =>
    (p.spec.ingress ?? []).some((rule) => {
      if (rule.from === undefined || rule.from.length === 0) return true;
      return rule.from.some((peer) => {
        if (peer.ipBlock !== undefined) return true;
        const nsOk = peer.namespaceSelector
          ? matches(peer.namespaceSelector.matchLabels, { 'kubernetes.io/metadata.name': from.namespace })
          : from.namespace === kustomization.namespace;
        const podOk = peer.podSelector ? matches(peer.podSelector.matchLabels, from.labels) : true;
        return nsOk && podOk;
      });
    }),
  );
}

/** Bytes of a Kubernetes memory quantity (Mi, Gi, or plain). */
function bytes(q: string): number {
  const m = /^(\d+)(Ki|Mi|Gi)?$/.exec(q);
  if (!m) throw new Error(`unexpected quantity ${q}`);
  return Number(m[1]) * ({ Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 }[m[2] ?? ''] ?? 1);
}

function gitIgnored(path: string): boolean {
  return Bun.spawnSync(['git', 'check-ignore', '-q', path], { cwd: repoRoot }).exitCode === 0;
}

describe('deploy/k8s (kustomize)', () => {
  it('renders a Deployment, a Service and a PodDisruptionBudget for every folder under services/, and nothing for a service that does not exist', () => {
    expect(readdirSync(join(repoRoot, 'services')).sort()).toEqual([...apps].sort());
    for (const kind of ['Deployment', 'Service', 'PodDisruptionBudget'])
      expect({
        kind,
        names: all(kind)
          .map((o) => o.metadata.name)
          .sort(),
      }).toEqual({ kind, names: [...apps].sort() });
  });

  it('puts everything in its namespace, which admits only restricted pods (non-root, no escalation, no capabilities)', () => {
    const ns = find<K8sObject>('Namespace', kustomization.namespace as string);
    expect(ns?.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    for (const o of objects)
      if (o.kind !== 'Namespace')
        expect({ kind: o.kind, name: o.metadata.name, ns: o.metadata.namespace }).toEqual({ kind: o.kind, name: o.metadata.name, ns: kustomization.namespace });
  });

  it('commits no secret: Secrets come only from the generator, whose env files are git-ignored and whose examples hold no values', () => {
    for (const path of readdirSync(k8sDir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml'))
      for (const doc of YAML.parseAllDocuments(readFileSync(join(k8sDir, path), 'utf8')))
        expect({ path, kind: (doc.toJS() as K8sObject | null)?.kind }).not.toEqual({ path, kind: 'Secret' });
    for (const gen of kustomization.secretGenerator ?? [])
      for (const env of gen.envs ?? []) {
        expect({ env, ignored: gitIgnored(join('deploy/k8s', env)) }).toEqual({ env, ignored: true });
        const example = envFile(join(k8sDir, `${env}.example`));
        for (const [name, value] of Object.entries(example)) expect({ env, name, value }).toEqual({ env, name, value: '' });
      }
  });

  it('lets only the gateway be reached from outside; every other service only by its callers (and Prometheus)', () => {
    const deny = find<NetworkPolicy>('NetworkPolicy', 'default-deny-ingress');
    expect(deny?.spec.podSelector).toEqual({});
    expect(deny?.spec.policyTypes).toEqual(['Ingress']);
    expect(deny?.spec.ingress ?? []).toEqual([]);
    const outside = { labels: { app: 'somebody-else' }, namespace: 'default' };
    const monitoring = { labels: { app: 'prometheus' }, namespace: 'monitoring' };
    for (const target of apps) {
      expect({ target, fromOutside: ingressAllowed(target, outside) }).toEqual({ target, fromOutside: target === 'gateway' });
      expect({ target, fromMonitoring: ingressAllowed(target, monitoring) }).toEqual({ target, fromMonitoring: true });
      for (const caller of apps) {
        if (caller === target) continue;
        const calls = calleesOf(caller).includes(target);
        const from = { labels: deployment(caller).spec.template.metadata.labels, namespace: kustomization.namespace as string };
        expect({ caller, target, allowed: ingressAllowed(target, from) }).toEqual({ caller, target, allowed: target === 'gateway' || calls });
      }
    }
    // The gateway calls every service; auth's account duties call the ones holding personal data.
    expect(calleesOf('gateway').sort()).toEqual(apps.filter((a) => a !== 'gateway').sort());
  });

  for (const app of apps) {
    describe(app, () => {
      const port = Number(compose.services[app]?.environment?.PORT);
      const d = deployment(app);
      const c = containerOf(app);
      const env = envOf(app);
      const secret = secretOf(app);

      it('runs its image on the port it listens on under compose, behind a Service on that port', () => {
        expect(d.spec.template.spec.containers).toHaveLength(1);
        expect(c.image).toMatch(new RegExp(`^talent-marketplace/${app}:(?!latest$)[\\w.-]+$`));
        expect(c.ports).toEqual([{ name: 'http', containerPort: port }]);
        expect(env.PORT).toBe(String(port));
        expect(env.HOST).toBe('0.0.0.0');
        const svc = find<K8sObject & { spec: { selector: Labels; ports: { port: number; targetPort: string }[] } }>('Service', app);
        expect(svc?.spec.ports).toEqual([{ name: 'http', port, targetPort: 'http' }] as never);
        expect(matches(d.spec.selector.matchLabels, d.spec.template.metadata.labels)).toBe(true);
        expect(svc?.spec.selector).toEqual(d.spec.selector.matchLabels);
      });

      it('is probed for liveness on /healthz and readiness on /readyz', () => {
        expect(c.livenessProbe?.httpGet).toEqual({ path: HEALTH_PATH, port: 'http' });
        expect(c.readinessProbe?.httpGet).toEqual({ path: READY_PATH, port: 'http' });
      });

      it('asks for CPU and memory and is held to a memory limit', () => {
        const r = c.resources;
        expect(r?.requests?.cpu).toMatch(/^\d+m?$/);
        expect(bytes(r?.requests?.memory ?? 'x')).toBeLessThanOrEqual(bytes(r?.limits?.memory ?? 'x'));
      });

      it('runs as a non-root user, on a read-only root filesystem, without privilege escalation or capabilities', () => {
        const pod = d.spec.template.spec;
        expect(pod.securityContext?.runAsNonRoot).toBe(true);
        expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
        expect(pod.securityContext?.seccompProfile?.type).toBe('RuntimeDefault');
        expect(pod.automountServiceAccountToken).toBe(false);
        expect(c.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
        // Its one writable place is a scratch emptyDir.
        for (const m of c.volumeMounts ?? [])
          expect({ mount: m.mountPath, emptyDir: pod.volumes?.find((v) => v.name === m.name)?.emptyDir !== undefined }).toEqual({
            mount: m.mountPath,
            emptyDir: true,
          });
      });

      it('is kept available during voluntary disruptions', () => {
        const pdb = find<K8sObject & { spec: { selector: { matchLabels: Labels }; minAvailable?: number; maxUnavailable?: number } }>(
          'PodDisruptionBudget',
          app,
        );
        expect(matches(pdb?.spec.selector.matchLabels, d.spec.template.metadata.labels)).toBe(true);
        if (singletons.has(app)) expect(pdb?.spec.maxUnavailable).toBe(1);
        else expect(pdb?.spec.minAvailable).toBe(1);
      });

      it(
        singletons.has(app) ? 'runs as one replica, never two at once, without an autoscaler' : 'is scaled by a HorizontalPodAutoscaler from two replicas',
        () => {
          const hpa = find<
            K8sObject & { spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number; maxReplicas: number; metrics: unknown[] } }
          >('HorizontalPodAutoscaler', app);
          if (singletons.has(app)) {
            expect(hpa).toBeUndefined();
            expect(d.spec.replicas).toBe(1);
            expect(d.spec as unknown).toMatchObject({ strategy: { rollingUpdate: { maxSurge: 0 } } });
            return;
          }
          expect(hpa?.apiVersion).toBe('autoscaling/v2');
          expect(hpa?.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: app } as never);
          expect(hpa?.spec.minReplicas).toBeGreaterThanOrEqual(2);
          expect(hpa?.spec.maxReplicas).toBeGreaterThan(hpa?.spec.minReplicas ?? 0);
          expect(hpa?.spec.metrics.length).toBeGreaterThan(0);
          expect(d.spec.replicas).toBeUndefined();
        },
      );

      it('runs in production, takes its keys from its own Secret, and is set only variables it reads', () => {
        expect(env.NODE_ENV).toBe('production');
        expect(c.envFrom).toEqual([{ secretRef: { name: `${app}-secrets` } }]);
        expect(secret).toBeDefined();
        const code = sourceOf(join(repoRoot, 'services', app, 'src')) + sharedSource;
        for (const name of [...Object.keys(env), ...Object.keys(secret?.stringData ?? {})]) {
          if (runtimeVariables.has(name)) continue;
          expect({ name, read: code.includes(`'${name}'`) || code.includes(`${name}:`) || code.includes(`.${name}`) }).toEqual({ name, read: true });
        }
        // Credentials never sit in the Deployment: URLs that may carry a password and keys come from the Secret.
        for (const name of Object.keys(env))
          expect({ name, secretLike: /^(MONGODB_URL|REDIS_URL|SMTP_URL)$|KEY|SECRET|TOKEN|PASSWORD/.test(name) && !runtimeVariables.has(name) }).toEqual({
            name,
            secretLike: false,
          });
        // Stores and mail, where compose gives them, and the scrape token, are in the Secret.
        const composeEnv = compose.services[app]?.environment ?? {};
        for (const name of ['MONGODB_URL', 'REDIS_URL', 'SMTP_URL'])
          expect({ name, inSecret: name in (secret?.stringData ?? {}) }).toEqual({ name, inSecret: name in composeEnv });
        expect(Object.keys(secret?.stringData ?? {})).toContain('METRICS_TOKEN');
      });

      it('keeps the image runtime settings (SERVICE_RUNTIME_ENV): neither its Deployment nor its Secret sets one to another value', () => {
        const set = { ...(secret?.stringData ?? {}), ...env };
        for (const [name, value] of Object.entries(SERVICE_RUNTIME_ENV)) if (name in set) expect({ name, value: set[name] }).toEqual({ name, value });
      });

      it('starts in production once its secret file is filled in: every variable it refuses to start without is set or in the secret', async () => {
        const loader = `load${app[0]?.toUpperCase()}${app.slice(1)}Config`;
        const script = `const m = await import('./src/config.ts'); try { m.${loader}(JSON.parse(process.env.RENDERED_ENV)); console.log('[]'); } catch (e) { console.log(JSON.stringify(e.problems ?? [String(e)])); }`;
        const run = Bun.spawn([process.execPath, '-e', script], {
          cwd: join(repoRoot, 'services', app),
          env: { PATH: process.env.PATH ?? '', RENDERED_ENV: JSON.stringify({ ...env, ...secret?.stringData }) },
          stdout: 'pipe',
        });
        const problems = JSON.parse(await new Response(run.stdout).text()) as string[];
        const secretKeys = Object.keys(secret?.stringData ?? {});
        // Refused only for what the secret file leaves empty (bookings: the dev payment provider, until a provider's keys are given).
        const unfilled = (problem: string) => {
          const name = problem.split(':')[0] ?? '';
          if (name === 'PAYMENT_PROVIDERS') return secretKeys.includes('STRIPE_SECRET_KEY') && secretKeys.includes('RAZORPAY_KEY_ID');
          return secretKeys.includes(name);
        };
        for (const problem of problems) expect({ problem, fixedByTheSecret: unfilled(problem) }).toEqual({ problem, fixedByTheSecret: true });
      });

      it('is given the Service of every peer it would otherwise look for on its own loopback', () => {
        const config = readFileSync(join(repoRoot, 'services', app, 'src/config.ts'), 'utf8');
        const peers = [...config.matchAll(/(\w+_URL): read\.url\([^,]+, 'http:\/\/127\.0\.0\.1:\d+'\)/g)].map((m) => m[1] as string);
        for (const name of peers) {
          const value = env[name];
          expect({ name, set: value !== undefined }).toEqual({ name, set: true });
          const url = new URL(value as string);
          const svc = find<K8sObject & { spec: { ports: { port: number }[] } }>('Service', url.hostname);
          expect({ name, port: Number(url.port) }).toEqual({ name, port: svc?.spec.ports[0]?.port as number });
        }
        for (const [name, value] of Object.entries(env))
          if (/^https?:\/\//.test(value)) expect({ name, loopback: /localhost|127\.0\.0\.1/.test(value) }).toEqual({ name, loopback: false });
      });
    });
  }

  it('the kustomization names every resource file of the folder and every env file it reads sits beside its example', () => {
    const files = readdirSync(k8sDir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    expect([...(kustomization.resources ?? [])].sort()).toEqual(files.sort());
    for (const gen of kustomization.secretGenerator ?? []) for (const env of gen.envs ?? []) expect(existsSync(join(k8sDir, dirname(env)))).toBe(true);
  });

  // kustomize itself, where kubectl is installed (it embeds kustomize): the same objects as the renderer above.
  const kubectl = Bun.which('kubectl');
  it.skipIf(kubectl === null)('renders as kubectl kustomize does (the secrets from their examples)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'k8s-render-'));
    try {
      cpSync(k8sDir, dir, { recursive: true });
      for (const f of readdirSync(join(dir, 'secrets')))
        if (f.endsWith('.env.example')) cpSync(join(dir, 'secrets', f), join(dir, 'secrets', f.replace(/\.example$/, '')));
      const run = Bun.spawnSync([kubectl as string, 'kustomize', dir]);
      expect(run.exitCode).toBe(0);
      // The generator's content hash in Secret names (and the references to them) is the one thing the renderer leaves out.
      const theirs = YAML.parseAllDocuments(run.stdout.toString().replace(/(-secrets)-[a-z0-9]{10}\b/g, '$1')).map((d) => d.toJS() as K8sObject);
      const key = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;
      const normal = (o: K8sObject) =>
        o.kind === 'Secret'
          ? { kind: o.kind, name: o.metadata.name, ns: o.metadata.namespace, keys: Object.keys((o.data ?? o.stringData) as object).sort() }
          : o;
      const byKey = (list: K8sObject[]) => Object.fromEntries(list.map((o) => [key(o), normal(o)]));
      expect(byKey(theirs)).toEqual(byKey(objects));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
