// What an operator may rely on in deploy/: every container pinned, unprivileged, read-only, limited
// and probed; a PodDisruptionBudget per Deployment; default-deny ingress; an image without secrets or
// dev dependencies; an edge with TLS, HSTS, a CSP, request limits and token-free logs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

const here = path.dirname(fileURLToPath(import.meta.url));
const read = (file: string) => readFileSync(path.join(here, file), 'utf8');

interface Container {
  name: string;
  image: string;
  securityContext?: { runAsNonRoot?: boolean; allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean; capabilities?: { drop?: string[] } };
  resources?: { requests?: { cpu?: string; memory?: string }; limits?: { cpu?: string; memory?: string } };
  readinessProbe?: unknown;
  livenessProbe?: unknown;
}
interface Manifest {
  kind: string;
  metadata: { name: string };
  spec: { selector?: { matchLabels?: Record<string, string> }; template?: { spec: { containers: Container[] } }; podSelector?: unknown; policyTypes?: string[]; ingress?: unknown[] };
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

  it('keep every Deployment available through voluntary disruptions', () => {
    const budgets = manifests.filter((m) => m.kind === 'PodDisruptionBudget').map((m) => JSON.stringify(m.spec.selector?.matchLabels));
    for (const d of manifests.filter((m) => m.kind === 'Deployment')) expect(budgets, d.metadata.name).toContain(JSON.stringify(d.spec.selector?.matchLabels));
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
    const ignored = read('../.dockerignore').split('\n').map((l) => l.trim());
    for (const entry of ['.env', '.data/', '.git/', '**/node_modules/']) expect(ignored).toContain(entry);
  });

  it('build a runtime without dev dependencies that runs as a non-root user', () => {
    const runtime = read('Dockerfile').split(/^FROM /m).find((stage) => stage.includes(' AS runtime'))!;
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
});
