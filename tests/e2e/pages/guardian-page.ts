import { expect, type Locator, type Page } from '@playwright/test';

/** A guardian's screens (issue 43), in English: the child switcher, a child's day, tabs and the excuse form. */
export class GuardianPage {
  constructor(private readonly page: Page) {}

  private get main(): Locator {
    return this.page.getByRole('main');
  }

  /** The children to choose from: the landing's list, or the switcher above a child's screens. */
  children(): Locator {
    return this.main.getByRole('list', { name: 'Your children' }).getByRole('link');
  }

  /** The switcher above a child's screens. */
  switcher(): Locator {
    return this.main.getByRole('navigation', { name: 'Your children' });
  }

  /** The heading of the child shown. */
  childHeading(name: string): Locator {
    return this.main.getByRole('heading', { level: 1, name });
  }

  /** Opens one of the child's tabs. */
  async openTab(name: 'Day' | 'Attendance' | 'Scores' | 'Requests'): Promise<void> {
    await this.main.getByRole('navigation', { name: "Child's screens" }).getByRole('link', { name }).click();
  }

  /** The child's day's sittings. */
  sittings(): Locator {
    return this.main.getByRole('list', { name: 'Sittings' }).getByRole('listitem');
  }

  /** One sitting of the day by its start and end time and subject (its list item's name). */
  sitting(label: RegExp): Locator {
    return this.main.getByRole('listitem', { name: label });
  }

  /** Files an excuse for a sitting of the day through its link, the form opened on that sitting. */
  async excuse(sitting: Locator, content: string): Promise<void> {
    await sitting.getByRole('link', { name: 'Excuse an absence or lateness' }).click();
    await expect(this.main.getByRole('heading', { name: 'New request', level: 1 })).toBeVisible();
    await this.main.getByRole('textbox', { name: 'Content' }).fill(content);
    await this.main.getByRole('button', { name: 'File the request' }).click();
  }
}
