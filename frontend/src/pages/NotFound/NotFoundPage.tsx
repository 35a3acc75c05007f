// 404: the address matches no page.
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import styles from '../Unauthorized/StatusPage.module.css';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className={styles.page} data-testid="not-found">
      <div className={styles.code}>404</div>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Button onClick={() => navigate('/')}>Back to home</Button>
    </div>
  );
}
