public import Storage

/// The Gaokao tables (module `gaokao`). Reference data are replaced as a whole by each import; profiles and
/// notices belong to the app.
public enum GaokaoSchema {
    public static func migrations() -> [Migration] {
        [
            Migration(
                module: "gaokao", version: 1, name: "reference data, profiles, notices",
                sql: """
                    CREATE TABLE gaokao_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    CREATE TABLE gaokao_provinces (
                        code TEXT PRIMARY KEY,
                        name TEXT NOT NULL UNIQUE,
                        full_name TEXT NOT NULL,
                        exam_model TEXT NOT NULL,
                        reform_year INTEGER,
                        categories_current TEXT NOT NULL,
                        total_score INTEGER NOT NULL,
                        total_score_note TEXT NOT NULL DEFAULT '',
                        score_rank_years TEXT NOT NULL DEFAULT '',
                        control_line_years TEXT NOT NULL DEFAULT ''
                    );
                    CREATE TABLE gaokao_categories (name TEXT PRIMARY KEY, aliases TEXT NOT NULL, meaning TEXT NOT NULL, used_by TEXT NOT NULL);
                    CREATE TABLE gaokao_batches (batch_std TEXT PRIMARY KEY, aliases TEXT NOT NULL, meaning TEXT NOT NULL);
                    CREATE TABLE gaokao_universities (
                        id INTEGER PRIMARY KEY,
                        moe_code TEXT UNIQUE,
                        school_code TEXT,
                        name TEXT NOT NULL,
                        province TEXT NOT NULL,
                        city TEXT NOT NULL,
                        authority TEXT NOT NULL,
                        level TEXT NOT NULL,
                        ownership TEXT NOT NULL,
                        is_985 INTEGER NOT NULL,
                        is_211 INTEGER NOT NULL,
                        is_double_first_class INTEGER NOT NULL,
                        in_moe_list INTEGER NOT NULL
                    );
                    CREATE UNIQUE INDEX gaokao_universities_name ON gaokao_universities(name);
                    CREATE INDEX gaokao_universities_province ON gaokao_universities(province, name);
                    CREATE TABLE gaokao_majors (
                        major_code TEXT PRIMARY KEY,
                        major_name TEXT NOT NULL,
                        discipline_code TEXT NOT NULL,
                        discipline TEXT NOT NULL,
                        class_code TEXT NOT NULL,
                        class_name TEXT NOT NULL,
                        is_special INTEGER NOT NULL,
                        is_controlled INTEGER NOT NULL,
                        degree_note TEXT NOT NULL
                    );
                    CREATE TABLE gaokao_score_rank (
                        province TEXT NOT NULL,
                        year INTEGER NOT NULL,
                        category TEXT NOT NULL,
                        table_scope TEXT NOT NULL,
                        score_low INTEGER NOT NULL,
                        score_high INTEGER NOT NULL,
                        count INTEGER NOT NULL,
                        rank_best INTEGER NOT NULL,
                        rank_cum INTEGER NOT NULL,
                        PRIMARY KEY (province, year, category, table_scope, score_high)
                    );
                    CREATE TABLE gaokao_control_lines (
                        id INTEGER PRIMARY KEY,
                        province TEXT NOT NULL,
                        year INTEGER NOT NULL,
                        category TEXT NOT NULL,
                        batch TEXT NOT NULL,
                        batch_std TEXT NOT NULL,
                        score INTEGER NOT NULL
                    );
                    CREATE INDEX gaokao_control_lines_lookup ON gaokao_control_lines(province, year, category, batch_std);
                    CREATE TABLE gaokao_admission_lines (
                        id INTEGER PRIMARY KEY,
                        source TEXT NOT NULL,
                        province TEXT NOT NULL,
                        year INTEGER NOT NULL,
                        category TEXT NOT NULL,
                        batch TEXT NOT NULL,
                        batch_std TEXT NOT NULL,
                        enroll_type TEXT NOT NULL,
                        school_name TEXT NOT NULL,
                        moe_code TEXT,
                        local_code TEXT,
                        group_code TEXT,
                        plan_count INTEGER,
                        min_score INTEGER,
                        min_rank INTEGER,
                        avg_score REAL,
                        max_score INTEGER,
                        control_line INTEGER,
                        line_diff INTEGER,
                        tie_break TEXT,
                        score_note TEXT
                    );
                    CREATE INDEX gaokao_admission_lines_lookup ON gaokao_admission_lines(province, category, batch_std, year);
                    CREATE INDEX gaokao_admission_lines_school ON gaokao_admission_lines(province, school_name, year);
                    CREATE INDEX gaokao_admission_lines_moe ON gaokao_admission_lines(moe_code) WHERE moe_code IS NOT NULL;
                    CREATE TABLE gaokao_profiles (
                        user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                        province TEXT NOT NULL,
                        year INTEGER NOT NULL,
                        category TEXT NOT NULL,
                        batch TEXT NOT NULL,
                        score INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL
                    );
                    CREATE TABLE gaokao_notices (
                        id INTEGER PRIMARY KEY,
                        province TEXT UNIQUE,
                        title_zh TEXT NOT NULL,
                        title_en TEXT NOT NULL,
                        body_zh TEXT NOT NULL,
                        body_en TEXT NOT NULL,
                        href TEXT
                    );
                    INSERT INTO gaokao_notices (province, title_zh, title_en, body_zh, body_en, href) VALUES
                        ('江西', '江西考生：省内院校招生咨询', 'Jiangxi students: local colleges',
                         '南昌大学、江西师范大学等省内院校的招生咨询与开放日，以江西省教育考试院公布为准。',
                         'Admission counselling and open days of Jiangxi''s own colleges (南昌大学, 江西师范大学 …), as announced by the Jiangxi exam authority.',
                         'http://www.jxeea.cn/'),
                        (NULL, '志愿填报提醒', 'Before you apply',
                         '本应用的线和位次来自公开数据，仅供参考；填报志愿请以本省教育考试院公布的招生计划和政策为准。',
                         'Lines and ranks here come from public data and are for reference; for your application, follow the enrolment plans and rules your provincial exam authority publishes.',
                         NULL);
                    """),
            Migration(
                module: "gaokao", version: 2, name: "志愿表 per account",
                sql: """
                    CREATE TABLE gaokao_plan_items (
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        school TEXT NOT NULL,
                        group_code TEXT NOT NULL,
                        added_at INTEGER NOT NULL,
                        PRIMARY KEY (user_id, position)
                    );
                    """),
            Migration(
                module: "gaokao", version: 3, name: "专业 lines of extra/",
                sql: """
                    CREATE TABLE gaokao_major_lines (
                        id INTEGER PRIMARY KEY,
                        source TEXT NOT NULL,
                        province TEXT NOT NULL,
                        year INTEGER NOT NULL,
                        category TEXT NOT NULL,
                        batch TEXT NOT NULL,
                        school_name TEXT NOT NULL,
                        moe_code TEXT,
                        school_code TEXT NOT NULL,
                        group_code TEXT NOT NULL,
                        subjects TEXT NOT NULL,
                        major_code TEXT NOT NULL,
                        major_name TEXT NOT NULL,
                        note TEXT NOT NULL,
                        min_score INTEGER,
                        min_rank INTEGER,
                        max_score INTEGER,
                        admitted INTEGER
                    );
                    CREATE INDEX gaokao_major_lines_school ON gaokao_major_lines(province, school_name, year);
                    CREATE INDEX gaokao_major_lines_moe ON gaokao_major_lines(province, moe_code, year) WHERE moe_code IS NOT NULL;
                    """),
            Migration(
                module: "gaokao", version: 4, name: "2021–2026 lines: tiers, groups, 选科; plan profiles",
                sql: """
                    ALTER TABLE gaokao_admission_lines ADD COLUMN source_tier TEXT NOT NULL DEFAULT 'third-party';
                    ALTER TABLE gaokao_admission_lines ADD COLUMN rank_basis TEXT;
                    ALTER TABLE gaokao_admission_lines ADD COLUMN group_name TEXT;
                    ALTER TABLE gaokao_admission_lines ADD COLUMN subjects TEXT;
                    ALTER TABLE gaokao_admission_lines ADD COLUMN source_detail TEXT;
                    ALTER TABLE gaokao_score_rank ADD COLUMN source TEXT NOT NULL DEFAULT '';
                    ALTER TABLE gaokao_control_lines ADD COLUMN source TEXT NOT NULL DEFAULT '';
                    ALTER TABLE gaokao_profiles ADD COLUMN subjects TEXT NOT NULL DEFAULT '';
                    CREATE TABLE gaokao_plan_profiles (
                        user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                        profile TEXT NOT NULL
                    );
                    """),
        ]
    }
}
