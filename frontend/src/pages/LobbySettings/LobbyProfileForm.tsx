// The lobby's profile (the spec's "Edit Profile" section of lobby settings): photo, name,
// introduction, tag, category, up to 2 languages and the live switch.
import { limits } from '@murmur/contracts/constants';
import { formatText, texts } from '@murmur/contracts/errors';
import {
  LobbyCategory,
  lobbyCategories,
  LobbyLanguage,
  lobbyTexts,
  type LobbySettings,
  type UpdateLobbyInfoBody,
} from '@murmur/contracts/lobbies';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { Button } from '../../components/Button.tsx';
import { FieldFrame, fieldStyles, TextArea, TextField } from '../../components/Field.tsx';
import { categoryEmoji, categoryLabel, languageLabel } from '../../lobby/backgrounds.ts';
import { uploadMedia } from '../../social/socialApi.ts';
import { uploadError } from '../../social/uploadChecks.ts';
import { toast } from '../../state/ui.ts';
import styles from './LobbySettings.module.css';

/** The profile part of GET lobbies/settings (the photo is its signed address). */
export type LobbyProfile = Pick<
  LobbySettings,
  'lobbyId' | 'title' | 'description' | 'tag' | 'lobbyPhoto' | 'languages' | 'mainCategoryId' | 'isLive'
>;

// The answer carries what was stored, which the create and edit bodies checked against these enums.
const categoryOf = (id: string): LobbyCategory => LobbyCategory.catch('chatting').parse(id);
const languagesOf = (ids: string[]): LobbyLanguage[] =>
  ids.flatMap((id) => {
    const language = LobbyLanguage.safeParse(id);
    return language.success ? [language.data] : [];
  });

const maxText = formatText(texts.maxChars, { n: limits.text });
const allLanguages: LobbyLanguage[] = ['ENG', 'FIL', 'ES'];

export function LobbyProfileForm({ settings, onSaved }: { settings: LobbyProfile; onSaved(position?: string): void }) {
  const [title, setTitle] = useState(settings.title);
  const [description, setDescription] = useState(settings.description);
  const [tag, setTag] = useState(settings.tag);
  const [category, setCategory] = useState<LobbyCategory>(categoryOf(settings.mainCategoryId));
  const [languages, setLanguages] = useState<LobbyLanguage[]>(languagesOf(settings.languages));
  const [isLive, setIsLive] = useState(settings.isLive);
  // undefined: unchanged; null: removed; a File: to upload on save.
  const [photo, setPhoto] = useState<File | null | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setTitle(settings.title);
    setDescription(settings.description);
    setTag(settings.tag);
    setCategory(categoryOf(settings.mainCategoryId));
    setLanguages(languagesOf(settings.languages));
    setIsLive(settings.isLive);
    setPhoto(undefined);
  }, [settings]);

  const preview = useMemo(
    () => (photo ? URL.createObjectURL(photo) : photo === null ? null : settings.lobbyPhoto),
    [photo, settings.lobbyPhoto],
  );
  useEffect(() => () => void (photo && preview && URL.revokeObjectURL(preview)), [photo, preview]);

  const toggleLanguage = (l: LobbyLanguage) => {
    if (languages.includes(l)) {
      setLanguages(languages.filter((x) => x !== l));
      setErrors(({ languages: _, ...rest }) => rest);
    } else if (languages.length >= limits.languages) {
      setErrors((e) => ({ ...e, languages: lobbyTexts.languagesLimit }));
    } else setLanguages([...languages, l]);
  };

  const choosePhoto = (file: File | undefined) => {
    if (!file) return;
    const invalid = uploadError(file, true);
    if (invalid) return setErrors((e) => ({ ...e, photo: invalid }));
    setErrors(({ photo: _, ...rest }) => rest);
    setPhoto(file);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = formatText(texts.required, { field: 'Title' });
    else if (title.trim().length > limits.text) found.title = maxText;
    if (description.trim().length > limits.text) found.description = maxText;
    if (tag.trim().length > limits.text) found.tag = maxText;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body: UpdateLobbyInfoBody = {
        title: title.trim(),
        description: description.trim(),
        tag: tag.trim(),
        mainCategoryId: category,
        languages,
        isLive,
      };
      if (photo) body.lobbyPhoto = (await uploadMedia(photo, 'lobby')).fileName;
      else if (photo === null) body.lobbyPhoto = null;
      const answer = await api.lobbies.updateInfo({ id: settings.lobbyId }, body, {
        quiet: true,
      });
      toast(answer.message ?? lobbyTexts.infoUpdated, 'success');
      onSaved(answer.position);
    } catch (err) {
      setErrors({ _: err instanceof ApiCallError ? err.message : texts.uploadFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={styles.form} data-testid="lobby-profile-form">
      <h2 className={styles.sectionTitle}>Lobby profile</h2>
      <p className={styles.muted}>How your lobby looks on the home page and to everyone inside it.</p>
      <FieldFrame id="settings-photo" label="Lobby photo" error={errors.photo}>
        <div className={styles.photoRow} id="settings-photo">
          {preview ? (
            <img className={styles.photo} src={preview} alt="Lobby photo" data-testid="lobby-photo-preview" />
          ) : (
            <span className={styles.photoEmpty}>No photo</span>
          )}
          <label className={styles.photoButton}>
            {preview ? 'Change photo' : 'Choose photo'}
            <input type="file" accept="image/*" hidden onChange={(e) => choosePhoto(e.target.files?.[0])} data-testid="lobby-photo-input" />
          </label>
          {preview ? (
            <Button type="button" size="sm" variant="secondary" onClick={() => setPhoto(null)}>
              Remove
            </Button>
          ) : null}
        </div>
      </FieldFrame>
      <TextField id="settings-title" label="Lobby name" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
      <TextArea
        id="settings-description"
        label="Introduction"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
        hint={`${description.length}/120`}
      />
      <TextField id="settings-tag" label="Tag" value={tag} onChange={(e) => setTag(e.target.value)} error={errors.tag} />
      <FieldFrame id="settings-category" label="Category">
        <select
          id="settings-category"
          className={fieldStyles.input}
          value={category}
          onChange={(e) => setCategory(e.target.value as LobbyCategory)}
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
      <FieldFrame id="settings-languages" label="Languages (up to 2)" error={errors.languages}>
        <div className={styles.chips} id="settings-languages">
          {allLanguages.map((l) => (
            <button
              type="button"
              key={l}
              className={`${styles.chip} ${languages.includes(l) ? styles.chipOn : ''}`}
              onClick={() => toggleLanguage(l)}
              aria-pressed={languages.includes(l)}
              data-testid={`language-${l}`}
            >
              {languageLabel[l]}
            </button>
          ))}
        </div>
      </FieldFrame>
      <label className={styles.switchRow}>
        <input type="checkbox" role="switch" checked={isLive} onChange={(e) => setIsLive(e.target.checked)} data-testid="settings-live" />
        <span className={styles.switchTrack} aria-hidden />
        <span>
          <strong>Live</strong>
          <small>{isLive ? 'Everyone sees your lobby as LIVE.' : 'Your lobby shows as waiting, not live yet.'}</small>
        </span>
      </label>
      {errors._ ? (
        <p className={styles.formError} role="alert">
          {errors._}
        </p>
      ) : null}
      <Button type="submit" busy={busy} data-testid="settings-save">
        Save
      </Button>
    </form>
  );
}
