/// Very common passwords refused at registration and password change (ASVS 5.0 6.2.4).
///
/// Written from general knowledge of widely published "most common password" rankings
/// (leaked-corpus top lists such as RockYou's, yearly SplashData/NordPass lists, and the
/// 2011 CSDN/Tianya leak analyses for Chinese users: pinyin, `5201314`, `woaini1314` …),
/// lowercase, deduplicated. Entries shorter than 8 scalars are kept although the length rule
/// already refuses them, so the list stays useful if the minimum ever changes.
/// ASVS asks for the top 3,000; this list is about 400 — a known gap.
enum CommonPasswords {
    static let set: Set<String> = Set(list)

    static let list: [String] = [
        // numeric runs and repeats
        "123456", "1234567", "12345678", "123456789", "1234567890", "12345678910", "0123456789",
        "123123", "12341234", "123123123", "123321", "1234554321", "123454321", "654321",
        "87654321", "987654321", "9876543210", "111111", "1111111", "11111111", "111111111",
        "1111111111", "000000", "0000000", "00000000", "000000000", "0000000000", "222222",
        "22222222", "333333", "33333333", "444444", "44444444", "555555", "55555555", "666666",
        "6666666", "66666666", "777777", "77777777", "888888", "8888888", "88888888", "999999",
        "99999999", "121212", "12121212", "112233", "11223344", "112233445566", "123654",
        "147258", "147258369", "159357", "159753", "159753456", "258258", "369369", "741852963",
        "789456", "789456123", "7894561230", "456789", "456123", "321321", "13579", "13579246",
        "2468013579", "1122334455", "1212121212", "10203040", "1029384756", "12344321",
        "11112222", "12312312", "123qwe123", "100200300",
        // Chinese-user favourites (numbers that read as phrases, pinyin)
        "5201314", "52013140", "520520", "520520520", "1314520", "13145200", "1314521",
        "woaini", "woaini1314", "woaini520", "woaini123", "woaini521", "iloveyou1314",
        "a123456", "a1234567", "a12345678", "a123456789", "aa123456", "aa12345678", "aaa123456",
        "123456a", "123456aa", "123456abc", "abc123456", "abc12345", "abcd1234", "abcd123456",
        "qq123456", "qq5201314", "qq111111", "wang123456", "zhang123", "zhang123456",
        "li123456", "liu123456", "chen123456", "woshishui", "nihao123", "zhongguo",
        "wangyang", "wangjian", "asd123456", "asdasd123", "zxc123456", "qwe123456", "123456qq",
        "w123456", "z123456", "s123456", "q123456", "l123456", "x123456", "5211314",
        "7758521", "7758258", "3344520", "1314woaini", "caonima", "tiantian", "xiaoxiao",
        "meiyoumima", "mima123456", "password123456",
        // keyboard walks
        "qwerty", "qwerty1", "qwerty12", "qwerty123", "qwerty1234", "qwerty12345", "qwertyuiop",
        "qwertyui", "qwertyu", "qwer1234", "1qaz2wsx", "1qaz2wsx3edc", "1q2w3e4r", "1q2w3e4r5t",
        "1q2w3e4r5t6y", "1q2w3e", "q1w2e3r4", "q1w2e3r4t5", "zaq12wsx", "zaq1zaq1", "!qaz2wsx",
        "asdfghjkl", "asdfghjk", "asdfgh", "asdf1234", "asdasdasd", "zxcvbnm", "zxcvbnm123",
        "zxcvbn", "qazwsx", "qazwsxedc", "qazwsx123", "1qazxsw2", "poiuytrewq", "mnbvcxz",
        "qweasdzxc", "qweasd", "qwe123", "qwe123qwe", "asd123", "zxc123", "azerty", "azertyuiop",
        "qwertz", "1234qwer", "123qwe", "123qweasd", "123abc", "abc123", "abcdef", "abcdefg",
        "abcdefgh", "abcdefghi", "abcd1234!", "a1b2c3d4", "a1b2c3", "aaaaaaaa", "aaaaaa",
        "zzzzzzzz", "qqqqqqqq", "qqqqqq", "xxxxxxxx", "1234abcd", "123456789a", "12345qwert",
        // the word "password" and friends
        "password", "password1", "password12", "password123", "password1234", "password!",
        "passw0rd", "p@ssw0rd", "p@ssword", "pa$$word", "passwort", "passpass", "password01",
        "mypassword", "yourpassword", "newpassword", "changeme", "changeme123", "letmein",
        "letmein123", "welcome", "welcome1", "welcome123", "welcome2024", "welcome2025",
        "admin", "admin123", "admin1234", "administrator", "root1234", "rootroot", "toor1234",
        "test1234", "test12345", "testtest", "guest123", "default", "secret", "secret123",
        "login123", "access", "access14", "master", "master123", "trustno1", "whatever",
        "nothing", "qwertyqwerty", "iloveyou", "iloveyou1", "iloveyou2", "iloveu", "loveyou",
        "lovelove", "love1234", "lovely", "princess", "princess1", "sunshine", "sunshine1",
        "shadow", "shadow123", "superman", "superman123", "batman", "batman123", "spiderman",
        "starwars", "pokemon", "pokemon123", "naruto", "dragon", "dragon123", "monkey",
        "monkey123", "football", "football1", "baseball", "basketball", "soccer", "hockey",
        "michael", "michael1", "jennifer", "jordan23", "jessica", "charlie", "charlie1",
        "thomas", "daniel", "andrew", "joshua", "matthew", "anthony", "robert", "william",
        "ashley", "amanda", "nicole", "michelle", "hannah", "jasmine", "samantha", "alexander",
        "computer", "internet", "freedom", "killer", "hunter", "hunter2", "ranger", "buster",
        "soccer123", "cookie", "chocolate", "cheese", "butterfly", "flower", "purple", "orange",
        "banana", "apple123", "summer", "summer2024", "winter", "spring", "autumn", "mustang",
        "ferrari", "porsche", "harley", "corvette", "yankees", "liverpool", "chelsea", "arsenal",
        "barcelona", "juventus", "maverick", "matrix", "jordan", "tigger", "ginger", "pepper",
        "hello123", "hello1234", "helloworld", "hello", "hellohello", "goodluck", "zaq12345",
        "q1w2e3", "1qaz2wsx!", "baseball1", "aa123123", "a1s2d3f4", "qwerty123456",
        "google", "google123", "facebook", "linkedin", "youtube", "myspace1", "baidu123",
        "taobao", "weixin", "wechat123", "fuckyou", "fuckyou1", "asshole", "biteme",
        "iloveyou123", "loveme", "lovers", "angel123", "angels", "babygirl", "babygirl1",
        "sweety", "sweetheart", "forever", "family", "blessed", "jesus123", "god12345",
        "anything", "nopassword", "123456789q", "qazxswedc", "qwerty!23", "abc123abc",
        "1234567a", "12345678a", "123456789z", "1a2b3c4d", "a12345", "qwerasdf", "qwerasdfzxcv",
    ]
}
