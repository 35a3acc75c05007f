// What an operator may rely on in deploy/: every container pinned, unprivileged, read-only, limited
// and probed; a PodDisruptionBudget per Deployment; default-deny ingress; an image without secrets or
// dev dependencies; an edge with TLS, HSTS, a CSP, request limits and token-free logs; every value the
// demo table (platform/src/demo-mode.ts) refuses set, each secret from a Secret.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { demoDefaults, demoRefusals, type MurmurService } from '@murmur/platform';

const here = path.dirname(fileURLToPath(import.meta.url));
const read = (file: string) => readFileSync(path.join(here, file), 'utf8');

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}
interface Container {
  name: string;
  image: string;
  env?: EnvVar[];
  securityContext?: {
    runAsNonRoot?: boolean;
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    capabilities?: { drop?: string[] };
  };
  resources?: { requests?: { cpu?: string; memory?: string }; limits?: { cpu?: string; memory?: string } };
  readinessProbe?: unknown;
  livenessProbe?: unknown;
}
interface Manifest {
  kind: string;
  metadata: { name: string };
  spec: {
    replicas?: number;
    selector?: { matchLabels?: Record<string, string> };
    template?: { spec: { containers: Container[] } };
    podSelector?: unknown;
    policyTypes?: string[];
    ingress?: unknown[];
  };
}

const manifests = parseAllDocuments(read('k8s/murmur.yaml')).map((d) => d.toJS() as Manifest);
const workloads = manifests.filter((m) => m.kind === 'Deployment' || m.kind === 'Job');
const containers = workloads.flatMap((m) => m.spec.template!.spec.containers.map((c) => ({ owner: `${m.kind}/${m.metadata.name}`, c })));

describe('Kubernetes manifests', () => {
  it('pin every image to a version tag', () => {
    expect(containers.length).toBeGreaterThanOrEqual(6);
    for (const { owner, c } of containers) expect(c.image, owner).toMatch(/:(\d+\.\d+\.\d+|[^:]*@sha256:[0-9a-f]{64})$/);
  });

  it('run every container unprivileged, without privilege escalation, on a read-only root', () => {
    for (const { owner, c } of containers) {
      expect(c.securityContext, owner).toMatchObject({ runAsNonRoot: true, allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
      expect(c.securityContext?.capabilities?.drop, owner).toContain('ALL');
    }
  });

  it('give every container resource requests and limits, and every Deployment readiness and liveness probes', () => {
    for (const { owner, c } of containers) {
      expect(c.resources?.requests?.cpu && c.resources.requests.memory, owner).toBeTruthy();
      expect(c.resources?.limits?.cpu && c.resources.limits.memory, owner).toBeTruthy();
      if (owner.startsWith('Deployment/')) expect(c.readinessProbe && c.livenessProbe, owner).toBeTruthy();
    }
  });

  it('run at least two replicas of every stateless service, so one pod lost or drained leaves the service up', () => {
    for (const name of ['command-api', 'query-api', 'realtime-gateway', 'edge']) {
      const deployment = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === name);
      expect(deployment?.spec.replicas, name).toBeGreaterThanOrEqual(2);
    }
  });

  it('keep every Deployment available through voluntary disruptions', () => {
    const budgets = manifests.filter((m) => m.kind === 'PodDisruptionBudget').map((m) => JSON.stringify(m.spec.selector?.matchLabels));
    for (const d of manifests.filter((m) => m.kind === 'Deployment'))
      expect(budgets, d.metadata.name).toContain(JSON.stringify(d.spec.selector?.matchLabels));
  });

  it('run projections as two processes sharing the lanes, ready only when none holds a projector on its first pass', () => {
    const projections = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === 'projections')!;
    expect((projections.spec as { replicas?: number }).replicas).toBeGreaterThanOrEqual(2);
    const c = projections.spec.template!.spec.containers[0]!;
    expect(c.readinessProbe).toMatchObject({ httpGet: { path: '/readyz', port: 4004 } });
    expect(c.livenessProbe).toMatchObject({ httpGet: { path: '/healthz', port: 4004 } });
  });

  it('deny ingress by default and open the services to the edge only', () => {
    const policies = manifests.filter((m) => m.kind === 'NetworkPolicy');
    const denyAll = policies.find((p) => p.spec.policyTypes?.includes('Ingress') && p.spec.ingress === undefined);
    expect(denyAll).toBeDefined();
    expect(JSON.stringify(policies)).toContain('"app":"edge"');
  });
});

describe('image and edge', () => {
  it('keep secrets, data, history and installed modules out of the image context', () => {
    const ignored = read('../.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['.env', '.data/', '.git/', '**/node_modules/']) expect(ignored).toContain(entry);
  });

  it('build a runtime without dev dependencies that runs as a non-root user', () => {
    const runtime = read('Dockerfile')
      .split(/^FROM /m)
      .find((stage) => stage.includes(' AS runtime'))!;
    expect(runtime).toMatch(/npm ci --omit=dev/);
    expect(runtime).toMatch(/^USER node$/m);
  });

  it('serve TLS with HSTS and a CSP, limit sign-ins and commands, and log no tokens', () => {
    const nginx = read('nginx.conf');
    expect(nginx).toMatch(/listen 8443 ssl;/);
    expect(nginx).toMatch(/ssl_protocols TLSv1\.2 TLSv1\.3;/);
    expect(nginx).toMatch(/Strict-Transport-Security "max-age=\d{8,}/);
    expect(nginx).toMatch(/Content-Security-Policy "default-src 'self'/);
    expect(nginx).toMatch(/limit_req zone=signin/);
    expect(nginx).toMatch(/limit_req zone=commands/);
    expect(nginx).toMatch(/access_token=\[redacted\]/);
    expect(nginx).not.toMatch(/\$http_authorization|\$http_cookie/);
  });

  it('pass a request whose process refuses the connection to the next one, never one that was sent', () => {
    const nginx = read('nginx.conf');
    for (const group of ['command_api', 'query_api', 'gateway'])
      expect(nginx).toMatch(new RegExp(`upstream ${group} \\{ server [^;]* max_fails=1`));
    expect(nginx).toMatch(/^proxy_next_upstream error timeout;$/m);
    expect(nginx).not.toMatch(/non_idempotent/);
  });

  it('run two replicas of every stateless service in compose', () => {
    const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, { deploy?: { replicas?: number } }> };
    for (const name of ['command-api', 'query-api', 'realtime-gateway'])
      expect(compose.services[name]?.deploy?.replicas, name).toBeGreaterThanOrEqual(2);
  });
});

describe('the demo table in the manifests', () => {
  const services: MurmurService[] = ['command-api', 'query-api', 'realtime-gateway', 'projections'];
  const secrets = new Set(demoDefaults.flatMap((row) => row.secrets));
  /** A value the operator supplies (a Secret's key, an environment variable): stands for a real one. */
  const supplied = (name: string) => (name === 'CURRENCY_USD_RATES' ? '{"USDT":1}' : `operator-${name.toLowerCase()}`);

  // What each service starts with: compose's shared environment (values from the operator's .env as
  // `${NAME:?...}`), or a Deployment's named env (values or Secret keys; envFrom adds only optional ones).
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, { environment?: Record<string, string> }> };
  const composeEnv = (service: string) => {
    const env = compose.services[service]?.environment ?? {};
    return {
      env: Object.fromEntries(
        Object.entries(env).map(([name, value]) => [name, /^\$\{\w+:\?/.test(String(value)) ? supplied(name) : String(value)]),
      ),
      fromOperator: new Set(
        Object.entries(env)
          .filter(([, value]) => /^\$\{\w+:\?/.test(String(value)))
          .map(([name]) => name),
      ),
    };
  };
  const k8sEnv = (service: string) => {
    const container = containers.find(({ owner }) => owner === `Deployment/${service}`)!.c;
    const env = container.env ?? [];
    return {
      env: Object.fromEntries(env.map((v) => [v.name, v.valueFrom?.secretKeyRef ? supplied(v.name) : (v.value ?? '')])),
      fromOperator: new Set(env.filter((v) => v.valueFrom?.secretKeyRef?.name === 'murmur-secrets').map((v) => v.name)),
    };
  };

  for (const [file, envOf] of [
    ['compose.yaml', composeEnv],
    ['k8s/murmur.yaml', k8sEnv],
  ] as const) {
    it(`${file}: every service starts in production with nothing the demo table refuses`, () => {
      for (const service of services) {
        const { env, fromOperator } = envOf(service);
        expect(env.NODE_ENV, `${file} ${service}`).toBe('production');
        expect(demoRefusals(service, env), `${file} ${service}`).toEqual([]);
        for (const name of Object.keys(env).filter((n) => secrets.has(n)))
          expect(fromOperator.has(name), `${file} ${service}: ${name} comes from a Secret`).toBe(true);
      }
    });

    it(`${file}: names every variable of the table a deployment must set, in a service that reads it`, () => {
      for (const row of demoDefaults) {
        for (const name of row.deploy) {
          const named = row.services.filter((service) => name in envOf(service).env);
          expect(named.length, `${file}: ${name} (${row.what})`).toBeGreaterThan(0);
        }
      }
    });
  }
});
