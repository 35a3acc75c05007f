// /messages/new: the messages page with the new-message composer (To field) open.
import MessagesPage from './MessagesPage.tsx';

export default function NewMessagePage() {
  return <MessagesPage compose />;
}
