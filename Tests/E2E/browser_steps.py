"""Steps every browser test uses: where am I, wait, tap, and wait for the next page."""

from __future__ import annotations

from urllib.parse import urlparse

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def path_of(driver) -> str:
    return urlparse(driver.current_url).path


def wait_for(driver, condition, timeout: float = 15, message: str = ""):
    return WebDriverWait(driver, timeout).until(condition, message)


def tap(driver, element) -> None:
    """Clicks after centring the element: the fixed tab bar would otherwise cover elements that
    WebDriver scrolls to the bottom edge of the viewport (a real finger would scroll further)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest', behavior: 'instant'});", element)
    element.click()


def mark(driver) -> None:
    """Marks the current document so `wait_new_page` can tell when it has been replaced."""
    driver.execute_script("window.__e2ePage = true;")


def wait_new_page(driver, what: str) -> None:
    """Waits until the marked document is gone and a new one has loaded (robust against the
    'node does not belong to the document' races of element staleness checks)."""
    def loaded(d) -> bool:
        try:
            return bool(d.execute_script("return !window.__e2ePage && document.readyState === 'complete';"))
        except WebDriverException:
            return False
    wait_for(driver, loaded, message=f"{what} did not load a new page (at {driver.current_url})")


def click_and_wait(driver, element, what: str) -> None:
    mark(driver)
    tap(driver, element)
    wait_new_page(driver, what)


def submit_login(driver, username: str, password: str) -> None:
    """Fills the login form of the current page (`form#login-form`), submits it and waits for the page it leads to."""
    form = driver.find_element(By.CSS_SELECTOR, "form#login-form")
    form.find_element(By.CSS_SELECTOR, "[name=username]").send_keys(username)
    form.find_element(By.CSS_SELECTOR, "[name=password]").send_keys(password)
    mark(driver)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_new_page(driver, "login")
