// /edit-profile: username, bio, pinned message, birthday, gender, address, picture and banner, with
// the spec's validation texts, and the unsaved-changes modal when leaving with edits.
import { limits } from '@murmur/contracts/constants';
import { texts } from '@murmur/contracts/errors';
import type { ProfileDetails } from '@murmur/contracts/social';
import { useEffect, useMemo, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { Button } from '../../components/Button.tsx';
import { CountrySelect } from '../../components/CountrySelect.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { FilePicker } from '../../components/FilePicker.tsx';
import { TextArea, TextField } from '../../components/Field.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';
import { uploadMedia } from '../../social/socialApi.ts';
import { profileFormErrors, type ProfileForm as Form } from '../../social/profileForm.ts';
import { uploadError } from '../../social/uploadChecks.ts';
import styles from './EditProfilePage.module.css';

function fromDetails(d: ProfileDetails): Form {
  const field = (f: string) => d.profileFormList.find((i) => i.field === f)?.value ?? '';
  return {
    username: field('username'),
    bio: field('bio'),
    pinnedMessage: field('pinnedMessage'),
    birthday: field('birthday'),
    gender: field('gender'),
    address: d.address ?? { street: '', country: '', state: '', city: '' },
  };
}

export default function EditProfilePage() {
  const { data } = useQuery(api.social.ownProfile.path());
  const [form, setForm] = useState<Form | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [picked, setPicked] = useState<Record<'profilePicUrl' | 'profileBannerUrl', File | null>>({
    profilePicUrl: null,
    profileBannerUrl: null,
  });
  const [uploading, setUploading] = useState<'profilePicUrl' | 'profileBannerUrl' | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (data && !form) setForm(fromDetails(data));
  }, [data, form]);
  const initial = useMemo(() => (data ? fromDetails(data) : null), [data]);
  const dirty = !!form && !!initial && JSON.stringify(form) !== JSON.stringify(initial);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !saving && currentLocation.pathname !== nextLocation.pathname);

  if (!form || !data) return <PageLoading />;
  const errors = { ...profileFormErrors(form), ...serverErrors };
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm({ ...form, [key]: value });
    setServerErrors({});
  };

  const pickImage = async (file: File | undefined, key: 'profilePicUrl' | 'profileBannerUrl') => {
    if (!file) return;
    const problem = uploadError(file, true);
    if (problem) return setServerErrors({ [key]: problem });
    setPicked((p) => ({ ...p, [key]: file }));
    setUploading(key);
    try {
      const { fileName } = await uploadMedia(file);
      set(key, fileName);
    } catch {
      setPicked((p) => ({ ...p, [key]: null }));
      setServerErrors({ [key]: texts.uploadFailed });
    } finally {
      setUploading(null);
    }
  };

  const save = async () => {
    if (Object.keys(profileFormErrors(form)).length > 0) return;
    setSaving(true);
    toast('Saving…', 'info');
    try {
      await api.social.updateProfile(
        {
          profileFormList: (['username', 'bio', 'pinnedMessage', 'birthday', 'gender'] as const)
            .filter((f) => form[f] !== '' || initial?.[f] !== '')
            .filter((f) => !(f === 'birthday' && form.birthday === '') && !(f === 'gender' && form.gender === ''))
            .map((f) => ({ field: f, value: form[f] })),
          address: form.address,
          profilePicUrl: form.profilePicUrl,
          profileBannerUrl: form.profileBannerUrl,
        },
        { quiet: true },
      );
      toast('Settings saved', 'success');
      await refreshQueries('/user/profile/', '/user/me');
      setForm(null);
      setTimeout(() => navigate('/profile'), 0);
    } catch (e) {
      const err = e as ApiCallError;
      const field = (err.details as { field?: string } | undefined)?.field;
      setServerErrors({ [field ?? 'form']: err.message });
      toast(err.message, 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title="Edit Profile" subtitle={`Username changes left this month: ${data.usernameChangesLeft}`} />
      <div className={styles.images}>
        <div className={styles.imagePick}>
          Profile picture
          <FilePicker
            file={picked.profilePicUrl}
            currentUrl={data.profilePicUrl}
            accept="image/*"
            prompt="Add a photo"
            shape="round"
            removable={false}
            busy={uploading === 'profilePicUrl'}
            error={errors.profilePicUrl}
            testId="pick-avatar"
            onPick={(f) => void pickImage(f ?? undefined, 'profilePicUrl')}
          />
        </div>
        <div className={styles.imagePick}>
          Banner
          <FilePicker
            file={picked.profileBannerUrl}
            currentUrl={data.profileBannerUrl}
            accept="image/*"
            prompt="Add a banner"
            shape="wide"
            removable={false}
            busy={uploading === 'profileBannerUrl'}
            error={errors.profileBannerUrl}
            testId="pick-banner"
            onPick={(f) => void pickImage(f ?? undefined, 'profileBannerUrl')}
          />
        </div>
      </div>
      <TextField
        id="username"
        label="Username"
        value={form.username}
        onChange={(e) => set('username', e.target.value)}
        error={errors.username}
        hint={texts.nameChangeLimit}
      />
      <TextArea
        id="bio"
        label="Bio"
        value={form.bio}
        onChange={(e) => set('bio', e.target.value)}
        error={errors.bio}
        hint={`${[...form.bio].length}/${limits.text}`}
      />
      <TextArea
        id="pinnedMessage"
        label="Pinned message"
        value={form.pinnedMessage}
        onChange={(e) => set('pinnedMessage', e.target.value)}
        error={errors.pinnedMessage}
      />
      <TextField
        id="birthday"
        type="date"
        label="Birthday"
        value={form.birthday}
        onChange={(e) => set('birthday', e.target.value)}
        error={errors.birthday}
      />
      <label className={styles.select}>
        Gender
        <select value={form.gender} onChange={(e) => set('gender', e.target.value)} data-testid="gender">
          <option value="">—</option>
          <option value="male">Male</option>
          <option value="female">Female</option>
          <option value="nonconforming">Nonconforming</option>
        </select>
      </label>
      <fieldset className={styles.address}>
        <legend>Address</legend>
        {(['street', 'city', 'state'] as const).map((k) => (
          <TextField
            key={k}
            id={`address-${k}`}
            label={k[0]!.toUpperCase() + k.slice(1)}
            value={form.address[k]}
            onChange={(e) => set('address', { ...form.address, [k]: e.target.value })}
          />
        ))}
        <CountrySelect
          id="address-country"
          label="Country"
          value={form.address.country}
          onChange={(country) => set('address', { ...form.address, country })}
          error={errors['address.country'] ?? null}
        />
      </fieldset>
      {errors.form ? <p className={styles.error}>{errors.form}</p> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => navigate('/profile')}>
          Cancel
        </Button>
        <Button onClick={() => void save()} busy={saving} disabled={!dirty} data-testid="save-profile">
          Save
        </Button>
      </div>
      <Dialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => !open && blocker.reset?.()}
        title="Unsaved changes"
        description="You have unsaved changes. Leave without saving?"
        testId="unsaved-changes"
        footer={
          <>
            <Button variant="secondary" onClick={() => blocker.reset?.()}>
              Stay
            </Button>
            <Button variant="danger" onClick={() => blocker.proceed?.()}>
              Leave
            </Button>
          </>
        }
      />
    </div>
  );
}
