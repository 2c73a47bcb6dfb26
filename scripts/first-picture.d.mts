import type { Page } from '@playwright/test';

export function scriptsBeforeFirstPicture(page: Page, url: string): Promise<string[]>;
