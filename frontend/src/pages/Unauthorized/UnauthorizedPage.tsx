// 401: the viewer may not see this page.
import { texts } from '@murmur/contracts/errors';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import styles from './StatusPage.module.css';

export default function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <div className={styles.page} data-testid="unauthorized">
      <div className={styles.code}>401</div>
      <h1>Access denied</h1>
      <p>{texts.noPermissionPage}</p>
      <Button onClick={() => navigate('/')}>Back to home</Button>
    </div>
  );
}
