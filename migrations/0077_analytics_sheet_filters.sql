-- Dashboard filters saved with the sheet (issue 42 part 5): the filters, which field of each
-- widget's source they narrow, and each user's last values per sheet.

-- A filter of a sheet: label, kind (choice | number | date), default value and whether a value
-- is required. The default's shape follows the kind (modules/analytics/filters/filters.rules.ts).
create table analytics_sheet_filters (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  sheet_id uuid not null,
  label text not null check (length(label) between 1 and 100),
  kind text not null check (kind in ('choice', 'number', 'date')),
  default_value jsonb,
  required boolean not null default false,
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, sheet_id) references analytics_sheets (tenant_id, id) on delete cascade
);
create index analytics_sheet_filters_sheet on analytics_sheet_filters (tenant_id, sheet_id, position);
select platform_tenant_table('analytics_sheet_filters');

-- Which field of a widget's source a filter applies to; a widget without a row is unmapped.
-- Deleting the widget or the filter deletes the mapping.
create table analytics_sheet_filter_fields (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  filter_id uuid not null,
  widget_id uuid not null,
  field text not null check (field ~ '^[A-Za-z_][A-Za-z0-9_.]{0,120}$'),
  primary key (tenant_id, filter_id, widget_id),
  foreign key (tenant_id, filter_id) references analytics_sheet_filters (tenant_id, id)
    on delete cascade,
  foreign key (tenant_id, widget_id) references analytics_widgets (tenant_id, id)
    on delete cascade
);
create index analytics_sheet_filter_fields_widget
  on analytics_sheet_filter_fields (tenant_id, widget_id);
select platform_tenant_table('analytics_sheet_filter_fields');

-- A user's last values on a sheet ({filterId: value}; a key with null: cleared on purpose).
create table analytics_sheet_filter_values (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  sheet_id uuid not null,
  user_id uuid not null references users (id) on delete cascade,
  filter_values jsonb not null default '{}',
  updated_at timestamptz not null default now(),
  primary key (tenant_id, sheet_id, user_id),
  foreign key (tenant_id, sheet_id) references analytics_sheets (tenant_id, id) on delete cascade
);
select platform_tenant_table('analytics_sheet_filter_values');

-- The customer portal's principal (migration 0050) never reads or writes these.
create policy portal_deny_select on analytics_sheet_filters as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on analytics_sheet_filters as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on analytics_sheet_filters as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on analytics_sheet_filters as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on analytics_sheet_filter_fields as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on analytics_sheet_filter_fields as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on analytics_sheet_filter_fields as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on analytics_sheet_filter_fields as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on analytics_sheet_filter_values as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on analytics_sheet_filter_values as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on analytics_sheet_filter_values as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on analytics_sheet_filter_values as restrictive for delete
  to platform_portal using (false);
