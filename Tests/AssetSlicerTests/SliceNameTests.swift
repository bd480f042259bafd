@testable import AssetSlicer
import Testing

@Suite struct SliceNameTests {
    @Test func wellFormedNamesFollowTheGuide() {
        #expect(SliceName("btn_sure_nor").isWellFormed)
        #expect(SliceName("ico_tab_home2_selected").isWellFormed)
        #expect(!SliceName("Btn_sure_nor").isWellFormed)
        #expect(!SliceName("2btn_sure").isWellFormed)
        #expect(!SliceName("btn__sure").isWellFormed)
        #expect(!SliceName("btn sure").isWellFormed)
        #expect(!SliceName("logo").isWellFormed, "one part only")
        #expect(!SliceName("_btn_sure").isWellFormed)
    }

    @Test func statesKindsAndControls() {
        let name = SliceName("btn_sure_pre")
        #expect(name.kind == "btn")
        #expect(name.state == "pressed")
        #expect(name.control == "btn_sure")
        #expect(SliceName("img_banner").state == nil)
        #expect(SliceName("img_banner").control == "img_banner")
    }

    @Test func suggestionsForChineseSpacesCapitalsAndDigits() {
        #expect(SliceName("确定 按钮").suggestion == "img_que_ding_an_niu")
        #expect(SliceName("Btn Sure-Nor").suggestion == "btn_sure_nor")
        #expect(SliceName("2x banner").suggestion == "img_2x_banner")
        #expect(SliceName("返回").suggestion == "img_fan_hui")
        #expect(SliceName("!!!").suggestion == "img_slice")
        #expect(SliceName("btn_ok_nor").suggestion == nil)
        #expect(SliceName("确定").fileName == "img_que_ding")
    }
}
