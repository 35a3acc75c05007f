// The create-lobby modal: title, kind, category, tag, description, up to 2 languages, required
// diamonds; every message is the spec's (validated by the contracts' schema before sending).
import { lobbyCategories } from '@murmur/contracts/lobbies';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { FieldFrame, TextArea, TextField, fieldStyles } from '../../components/Field.tsx';
import { createLobbyBody, createLobbyErrors, type CreateLobbyForm, type FieldErrors } from '../../forms/validation.ts';
import { categoryEmoji, categoryLabel, languageLabel } from '../../lobby/backgrounds.ts';
import { refreshQueries } from '../../state/query.ts';
import styles from './HomePage.module.css';

const languages = ['ENG', 'FIL', 'ES'];

export default function CreateLobbyModal({ onClose }: { onClose(): void }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<CreateLobbyForm>({
    title: '',
    tag: '',
    description: '',
    languages: ['ENG'],
    kind: 'public',
    mainCategoryId: 'chatting',
    requiredDiamonds: '0',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof CreateLobbyForm>(key: K, value: CreateLobbyForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const toggleLanguage = (l: string) =>
    set('languages', form.languages.includes(l) ? form.languages.filter((x) => x !== l) : [...form.languages, l]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = createLobbyErrors(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const created = await api.lobbies.create(createLobbyBody(form), { quiet: true });
      void refreshQueries('/lobbies');
      onClose();
      navigate(`/lobby/${created.lobbyId}`);
    } catch (err) {
      const e2 = err as ApiCallError;
      const details = e2.details as { fieldErrors?: Record<string, string[]> } | undefined;
      const fromServer: FieldErrors = {};
      for (const [k, v] of Object.entries(details?.fieldErrors ?? {})) if (v[0]) fromServer[k] = v[0];
      setErrors(Object.keys(fromServer).length ? fromServer : { _: e2.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Create lobby"
      description="Set up your room, then take the mic."
      testId="create-lobby-modal"
    >
      <form onSubmit={submit} noValidate>
        <TextField
          id="lobby-title"
          label="Lobby name"
          placeholder="Late night talks"
          value={form.title}
          onChange={(e) => set('title', e.target.value)}
          error={errors.title}
        />
        <div className={styles.formRow}>
          <FieldFrame id="lobby-kind" label="Type" error={errors.kind}>
            <select id="lobby-kind" className={fieldStyles.input} value={form.kind} onChange={(e) => set('kind', e.target.value)}>
              <option value="public">Public</option>
              <option value="private">Private</option>
              <option value="streaming">Streaming</option>
            </select>
          </FieldFrame>
          <FieldFrame id="lobby-category" label="Category" error={errors.mainCategoryId}>
            <select
              id="lobby-category"
              className={fieldStyles.input}
              value={form.mainCategoryId}
              onChange={(e) => set('mainCategoryId', e.target.value)}
            >
              {lobbyCategories
                .filter((c) => c !== 'all')
                .map((c) => (
                  <option key={c} value={c}>
                    {categoryEmoji[c]} {categoryLabel[c]}
                  </option>
                ))}
            </select>
          </FieldFrame>
        </div>
        <TextField
          id="lobby-tag"
          label="Tag"
          placeholder="chill"
          value={form.tag}
          onChange={(e) => set('tag', e.target.value)}
          error={errors.tag}
        />
        <TextArea
          id="lobby-description"
          label="Introduction"
          placeholder="What is this lobby about?"
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
          error={errors.description}
          hint={`${form.description.length}/120`}
        />
        <FieldFrame id="lobby-languages" label="Languages (up to 2)" error={errors.languages}>
          <div className={styles.langPicker} id="lobby-languages">
            {languages.map((l) => (
              <button
                type="button"
                key={l}
                className={`${styles.langOption} ${form.languages.includes(l) ? styles.langSelected : ''}`}
                onClick={() => toggleLanguage(l)}
                aria-pressed={form.languages.includes(l)}
              >
                {languageLabel[l]}
              </button>
            ))}
          </div>
        </FieldFrame>
        <TextField
          id="lobby-required"
          label="Required diamonds to join"
          inputMode="numeric"
          value={form.requiredDiamonds}
          onChange={(e) => set('requiredDiamonds', e.target.value)}
          error={errors.requiredDiamonds}
          hint="0 means free to join."
        />
        {errors._ ? <p className={styles.formError}>{errors._}</p> : null}
        <div className={styles.formActions}>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} data-testid="create-lobby-submit">
            Create
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
