// /help: the Help Center as a page of the app (answers to what new users ask most, with links to
// the screens that do it). A deployment with its own help site sets VITE_HELP_CENTER_URL instead.
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { helpTopics } from './helpTopics.tsx';
import styles from './HelpCenter.module.css';

export default function HelpCenterPage() {
  return (
    <div className={styles.page} data-testid="help-center">
      <PageHeader title="Help Center" subtitle="Answers to the questions people ask most. Still stuck? Write to support@murmur.example." />
      {helpTopics.map((topic) => (
        <section key={topic.title} className={styles.topic}>
          <h2 className={styles.topicTitle}>
            <span aria-hidden>{topic.icon}</span> {topic.title}
          </h2>
          {topic.questions.map((q) => (
            <details key={q.q} className={styles.question}>
              <summary>{q.q}</summary>
              <div className={styles.answer}>
                {q.a}
                {q.link ? (
                  <p>
                    <Link to={q.link.to}>{q.link.label} →</Link>
                  </p>
                ) : null}
              </div>
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}
