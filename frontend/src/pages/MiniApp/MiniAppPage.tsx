// `/mini-app`: the tab the query names (home by default).
import { useLocation, useNavigate } from 'react-router';
import { GlobalLeaderboard } from '../../leaderboards/GlobalLeaderboard.tsx';
import { EarnTab } from './EarnTab.tsx';
import { EngageTab } from './EngageTab.tsx';
import { HomeTab } from './HomeTab.tsx';
import { InboxTab } from './InboxTab.tsx';
import { MissionsSummary } from './MissionsSummary.tsx';
import { ReferTab } from './ReferTab.tsx';
import { tabOf, tabPath } from './miniAppTabs.ts';

export default function MiniAppPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabOf(location.search);
  switch (tab) {
    case 'earn':
      return <EarnTab />;
    case 'refer':
      return <ReferTab />;
    case 'engage':
      return <EngageTab />;
    case 'top':
      return <GlobalLeaderboard />;
    case 'missions':
      return <MissionsSummary full />;
    case 'inbox':
      return <InboxTab />;
    case 'home':
      return <HomeTab onTab={(t) => navigate(tabPath(t))} />;
    default: {
      const _exhaustive: never = tab;
      return _exhaustive;
    }
  }
}
