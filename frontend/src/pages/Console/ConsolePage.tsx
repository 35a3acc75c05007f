// /console: the operators' console frame. Section nav on the left (a scrolling strip on a phone), the
// section below; a user without a console role sees the app's Unauthorized page.
import { Suspense } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { useSession } from '../../api/session.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import UnauthorizedPage from '../Unauthorized/UnauthorizedPage.tsx';
import { sectionsFor } from './sections.ts';
import styles from './Console.module.css';

const noRoles: string[] = [];

export default function ConsolePage() {
  const roles = useSession((s) => s.claims?.roles ?? noRoles);
  const sections = sectionsFor(roles);
  const first = sections[0];
  if (!first) return <UnauthorizedPage />;
  return (
    <div className={styles.console} data-testid="console">
      <nav className={styles.nav} aria-label="Console sections">
        <div className={styles.navTitle}>Console</div>
        {sections.map((s) => (
          <NavLink
            key={s.key}
            to={`/console/${s.path}`}
            className={({ isActive }) => `${styles.navItem} ${isActive ? styles.active : ''}`}
            data-testid={`console-nav-${s.key}`}
          >
            <span className={styles.navLabel}>{s.label}</span>
            <span className={styles.navHint}>{s.hint}</span>
          </NavLink>
        ))}
      </nav>
      <section className={styles.body}>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route index element={<Navigate to={`/console/${first.path}`} replace />} />
            {sections.map((s) => (
              <Route key={s.key} path={`${s.path}/*`} element={<s.page />} />
            ))}
            {/* A section the viewer may not open (or none such) reads as a refusal, not a blank. */}
            <Route path="*" element={<UnauthorizedPage />} />
          </Routes>
        </Suspense>
      </section>
    </div>
  );
}
