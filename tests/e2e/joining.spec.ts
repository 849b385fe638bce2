import { expect, test } from '@playwright/test';
import { linkIn, waitForEmail } from './mail.ts';
import {
  coachWithTeam,
  confirmEmail,
  goToTab,
  openNavigation,
  PASSWORD,
  registerAccount,
  signInAs,
  tokenFor,
  uniqueEmail,
} from './helpers.ts';

test('a parent joins by code, the coach approves, and the parent sees the roster without contact details @phone', async ({
  page,
  browser,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U9 Lions', [{ name: 'Mia Lopez', jersey_number: 5 }]);
  const mia = coach.players[0];
  const otherParent = uniqueEmail('other.parent');
  const added = await request.post(`/api/teams/${coach.team.id}/players/${mia?.id}/parents`, {
    headers: { authorization: `Bearer ${coach.token}` },
    data: {
      parent_name: 'Olga Lopez',
      parent_email: otherParent,
      parent_phone: '555-0123',
      is_primary: true,
      send_invite: false,
    },
  });
  expect(added.status()).toBe(201);

  // A wrong code is refused before any account is made.
  const parentEmail = uniqueEmail('pat.parent');
  await page.goto('/?team=ZZZZZZZZ');
  await page.getByLabel('Full Name').fill('Pat Parent');
  await page.getByLabel('Email', { exact: true }).fill(parentEmail);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Join Team' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid invite code');
  const noAccount = await request.post('/api/auth/token', {
    form: { username: parentEmail, password: PASSWORD },
  });
  expect(noAccount.status()).toBe(401);

  // The parent opens the app with the code, registers and asks to join: signed in, the request waits.
  await page.goto(`/?team=${coach.team.invite_code.toLowerCase()}`);
  await expect(page.getByLabel('Invite Code')).toHaveValue(coach.team.invite_code);
  await page.getByLabel('Full Name').fill('Pat Parent');
  await page.getByLabel('Email', { exact: true }).fill(parentEmail);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Join Team' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Request submitted' })).toContainText(
    'Request submitted successfully! A coach will review your request and notify you via email when approved. Please check your email for updates.',
  );
  await expect(
    page.getByRole('heading', { name: 'Your request to join U9 Lions is awaiting approval' }),
  ).toBeVisible();
  await expect(page.getByText(/^Sent \d\d\/\d\d\/\d{4}\./)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).not.toBeNull();

  // The coach sees the pending count on the Admin tab and approves, linking Mia.
  const coachContext = await browser.newContext({ ...info.project.use });
  const coachPage = await coachContext.newPage();
  await signInAs(coachPage, coach);
  // Looked at while the side bar is open: on a phone the drawer (and its links) goes once a tab is chosen.
  await openNavigation(coachPage, info);
  await expect(
    coachPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Admin.*1 pending/ }),
  ).toBeVisible();
  await goToTab(coachPage, info, 'Admin');
  await expect(coachPage.getByRole('heading', { name: 'Team Administration' })).toBeVisible();
  await coachPage.getByRole('button', { name: 'Approve Pat Parent' }).click();
  const approve = coachPage.getByRole('dialog', { name: 'Approve Join Request' });
  await approve.getByLabel('Link to player').selectOption({ label: '#5 Mia Lopez' });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(coachPage.getByText('No pending join requests.')).toBeVisible();
  await coachPage.getByRole('button', { name: /Past Requests \(1\)/ }).click();
  await expect(coachPage.getByText('Approved', { exact: true })).toBeVisible();
  await coachContext.close();

  const approval = await waitForEmail(parentEmail, /approved/i);
  expect(approval.subject).toContain('U9 Lions');

  // Still signed in, the parent sees the team once the page looks again: names and the Primary badge,
  // no emails or phones.
  await page.reload();
  await goToTab(page, info, 'Team');
  await expect(page.getByRole('heading', { name: 'Team Roster' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mia Lopez' })).toBeVisible();
  await expect(page.getByText('Olga Lopez')).toBeVisible();
  await expect(page.getByRole('main').getByText('Pat Parent').first()).toBeVisible();
  await expect(page.getByText('Primary').first()).toBeVisible();
  const body = await page.locator('main').textContent();
  expect(body).not.toContain(otherParent);
  expect(body).not.toContain('555-0123');
  await expect(page.getByRole('heading', { name: 'Team Invite Code' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Player' })).toHaveCount(0);
});

test('a parent invited by email sets a password through the link and lands in the team', async ({
  page,
  browser,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U8 Foxes', [{ name: 'Leo Park', jersey_number: 4 }]);
  const coachPage = page;
  await signInAs(coachPage, coach);
  await goToTab(coachPage, info, 'Team');
  await coachPage.getByRole('button', { name: 'Manage Parents of Leo Park' }).click();
  const manage = coachPage.getByRole('dialog', { name: 'Manage Parents: Leo Park' });
  await manage.getByRole('button', { name: 'Add Parent' }).click();
  await expect(manage.getByText('Please fill in all required fields')).toBeVisible();
  const parentEmail = uniqueEmail('jin.park');
  await manage.getByLabel('Parent Name').fill('Jin Park');
  await manage.getByLabel('Email', { exact: true }).fill(parentEmail);
  await manage.getByLabel('Primary contact').check();
  await expect(manage.getByLabel('Send invite email')).toBeChecked();
  await manage.getByRole('button', { name: 'Add Parent' }).click();
  await expect(manage.getByText('Parent added successfully and invitation email sent!')).toBeVisible();
  await manage.getByRole('button', { name: 'Done' }).click();
  // Nobody is linked yet: the parent joins only by following the invite.
  await coachPage.getByRole('button', { name: 'Show parent accounts' }).click();
  const invitedRow = coachPage.getByRole('listitem').filter({ hasText: 'Jin Park' });
  await expect(invitedRow.getByText(/^Invited \d\d\/\d\d\/\d{4}$/)).toBeVisible();

  const invite = await waitForEmail(parentEmail);
  const link = linkIn(invite);
  expect(link).toContain(`team=${coach.team.invite_code}`);
  expect(link).toContain('token=');

  const parentContext = await browser.newContext({ ...info.project.use });
  const parentPage = await parentContext.newPage();
  await parentPage.goto(link);
  await expect(parentPage.getByRole('heading', { name: 'Join U8 Foxes' })).toBeVisible();
  await expect(parentPage.getByLabel('Invite Code')).toHaveValue(coach.team.invite_code);
  await expect(parentPage.getByLabel('Email', { exact: true })).toHaveValue(parentEmail);
  await expect(parentPage.getByLabel('Full Name')).toHaveValue('Jin Park');
  await parentPage.getByLabel('Choose a password', { exact: true }).fill('Throw#In42');
  await parentPage.getByRole('button', { name: 'Join Team' }).click();
  await expect(parentPage.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
  // The invite reached the parent's inbox, so the address counts as confirmed.
  await expect(parentPage.getByRole('region', { name: 'Confirm your email address' })).toHaveCount(0);
  await goToTab(parentPage, info, 'Team');
  await expect(parentPage.getByRole('heading', { name: 'Team Roster' })).toBeVisible();
  await expect(parentPage.getByRole('heading', { name: 'Leo Park' })).toBeVisible();
  // A link to the coaches' area explains itself instead of silently showing another tab.
  await parentPage.goto('/#admin');
  await expect(parentPage.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  await expect(parentPage.getByText('Team administration is only available to coaches.')).toBeVisible();
  await parentContext.close();

  // The coach's Parent Accounts now show that Jin joined.
  await coachPage.reload();
  const accounts = coachPage
    .getByRole('region', { name: 'Parent Accounts' })
    .or(coachPage.locator('section', { has: coachPage.getByRole('heading', { name: 'Parent Accounts' }) }));
  // Once in a clean-clone CI run the section was shown collapsed again after a Show clicked at once
  // after the reload (the screen was put up anew while it loaded; not reproduced in 6 repeats): Show
  // is clicked again while the section is collapsed, and what it lists is what this test checks.
  await expect(async () => {
    const show = coachPage.getByRole('button', { name: 'Show parent accounts' });
    if (await show.isVisible()) await show.click();
    await expect(accounts.getByText('Jin Park')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(accounts.getByText('Joined', { exact: true })).toBeVisible();
});

test('a declined parent sees the reason and joins another team from inside the app', async ({
  page,
  request,
}) => {
  const first = await coachWithTeam(request, 'U10 Bears', [{ name: 'Bo Bear' }]);
  const second = await coachWithTeam(request, 'U10 Wolves', [{ name: 'Wil Wolf' }]);
  const email = uniqueEmail('dee.declined');
  await page.goto(`/?team=${first.team.invite_code}`);
  await page.getByLabel('Full Name').fill('Dee Declined');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Join Team' }).click();
  await expect(
    page.getByRole('heading', { name: 'Your request to join U10 Bears is awaiting approval' }),
  ).toBeVisible();

  const requests = await request.get(`/api/join-requests/${first.team.id}`, {
    headers: { authorization: `Bearer ${first.token}` },
  });
  const [pending] = (await requests.json()) as { id: number }[];
  await request.post(`/api/join-requests/${pending?.id}/reject`, {
    headers: { authorization: `Bearer ${first.token}` },
    data: { rejection_reason: 'We have no player of that name.' },
  });

  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Your request to join U10 Bears was declined' }),
  ).toBeVisible();
  await expect(page.getByText('Reason from the coach: We have no player of that name.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Join a team' });
  await form.getByLabel('Invite Code').fill(second.team.invite_code.toLowerCase());
  await form.getByRole('button', { name: 'Join Team' }).click();
  await expect(
    page.getByRole('heading', { name: 'Your request to join U10 Wolves is awaiting approval' }),
  ).toBeVisible();
});

test('a signed-in parent accepts an invite inside the app', async ({ page, request }) => {
  const coach = await coachWithTeam(request, 'U11 Herons', [{ name: 'Hal Heron' }]);
  const email = uniqueEmail('hana.heron');
  const registered = await request.post('/api/auth/register', {
    data: { name: 'Hana Heron', email, password: PASSWORD, role: 'parent' },
  });
  expect(registered.status()).toBe(201);
  await signInAs(page, { email, token: await tokenFor(request, email) });
  await expect(page.getByRole('heading', { name: 'You are not on a team yet' })).toBeVisible();

  // The coach adds Hana as Hal's parent: an invite, nothing more, until Hana accepts it.
  const added = await request.post(`/api/teams/${coach.team.id}/players/${coach.players[0]?.id}/parents`, {
    headers: { authorization: `Bearer ${coach.token}` },
    data: { parent_name: 'Hana Heron', parent_email: email, send_invite: true },
  });
  expect(added.status()).toBe(201);
  // Invites show in the app once the address is confirmed: whoever registered need not own it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'You are not on a team yet' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'U11 Herons invited you to join' })).toHaveCount(0);
  await confirmEmail(request, email);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'U11 Herons invited you to join' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept and join U11 Herons' }).click();
  await expect(page.getByText('Active team:')).toContainText('U11 Herons');
});

test('an invited address registered as a coach follows the invite link and joins the team', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U10 Swifts', [{ name: 'Sid Swift', jersey_number: 8 }]);
  const email = uniqueEmail('sky.swift');
  const added = await request.post(`/api/teams/${coach.team.id}/players/${coach.players[0]?.id}/parents`, {
    headers: { authorization: `Bearer ${coach.token}` },
    data: { parent_name: 'Sky Swift', parent_email: email, send_invite: true },
  });
  expect(added.status()).toBe(201);
  // The invite fixed nothing about the address: its owner signs up with it, as a coach.
  await registerAccount(request, 'Sky Swift', { role: 'coach', email, confirmed: false });

  await page.goto(linkIn(await waitForEmail(email, /invited/)));
  await expect(page.getByRole('heading', { name: 'Join U10 Swifts' })).toBeVisible();
  await page.getByLabel('Choose a password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Join Team' }).click();
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your email address' })).toHaveCount(0);
  await expect(page.getByText('Active team:')).toContainText('U10 Swifts');
  await goToTab(page, info, 'Team');
  await expect(page.getByRole('heading', { name: 'Sid Swift' })).toBeVisible();
  // A parent of this team, not its coach.
  await expect(page.getByRole('button', { name: 'Add Player' })).toHaveCount(0);
  const roster = await request.get(`/api/teams/${coach.team.id}/players`, {
    headers: { authorization: `Bearer ${await tokenFor(request, email)}` },
  });
  expect(((await roster.json()) as { is_mine: boolean }[])[0]?.is_mine).toBe(true);
});
